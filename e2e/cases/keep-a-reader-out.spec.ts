import { expect, test } from '@playwright/test';
import { apiLogin } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { addAdministrator, createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

const title = 'The site manager hides accidents';

test('a reporter without an account keeps one of two handlers out: that handler finds no trace, the other handles it', async ({
  browser,
  request,
}) => {
  // Three browsers on a shared 2-core machine.
  test.setTimeout(300_000);
  const organization = await createOrganization(request, 'Harbour Works');
  const manager = await addAdministrator(request, organization);
  const managerTokens = await apiLogin(request, manager);
  const managerHeaders = { authorization: `Bearer ${managerTokens.access}` };
  const labelled = await request.put('/api/admin/handler-label/', {
    headers: managerHeaders,
    data: { handler_label: 'Site manager' },
  });
  expect(labelled.ok()).toBe(true);
  const noticesOf = async () =>
    (
      (await (await request.get('/api/notifications/', { headers: managerHeaders })).json()) as {
        id: number;
        message: string;
        report: number | null;
      }[]
    ).map(({ id, message, report }) => ({ id, message, report }));
  const noticesBefore = await noticesOf();

  // The first handler chooses their label on their profile, and the organisation's deadlines.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  await loginThroughForm(officer, organization.admin);
  await officer.goto('/profile');
  const labelForm = officer.getByRole('form', { name: 'How reporters see you' });
  await labelForm.getByLabel(/Your label/).fill('Compliance officer');
  await labelForm.getByRole('button', { name: 'Save label' }).click();
  await expect(labelForm.getByRole('status')).toHaveText(
    'Saved: reporters see you as “Compliance officer”.',
  );
  await expect(
    officer.getByRole('switch', { name: 'Show administrators’ names to reporters' }),
  ).not.toBeChecked();
  const deadlines = officer.getByRole('form', { name: 'Deadlines for new reports' });
  const acknowledge = deadlines.getByLabel(/Acknowledge within \(days\)/);
  await acknowledge.fill('9');
  await deadlines.getByRole('button', { name: 'Save deadlines' }).click();
  await expect(acknowledge).toHaveAccessibleDescription(/At most 7 days\./);
  // From the top: the page's fixed bar would otherwise cover the switch the last click scrolled
  // under it, which axe counts as a target too small.
  await officer.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(officer);
  await acknowledge.fill('5');
  await deadlines.getByLabel(/Give feedback within \(days\)/).fill('60');
  await deadlines.getByRole('button', { name: 'Save deadlines' }).click();
  await expect(deadlines.getByRole('status')).toHaveText(
    'Saved: reports filed from now on are acknowledged within 5 days and answered within 60 days.',
  );
  await officer.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(officer);
  await saveScreenshot(officer, 'readers-profile-label-and-deadlines');

  // The reporter, on a phone, sees who reads it before writing, and unticks the site manager.
  const reporterContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const reporter = await reporterContext.newPage();
  await reporter.goto(`/o/${organization.slug}/report`);
  const readers = reporter.getByRole('group', { name: 'Who reads your report' });
  await expect(readers).toHaveAccessibleDescription(
    'If your report is about one of these people, untick them. They will never see it.',
  );
  const officerBox = readers.getByRole('checkbox', { name: 'Compliance officer' });
  const managerBox = readers.getByRole('checkbox', { name: 'Site manager' });
  await expect(officerBox).toBeChecked();
  await expect(managerBox).toBeChecked();
  await expect(readers).not.toContainText(manager.username);
  await expectNoAxeViolations(reporter);
  // Everyone unticked: one must remain, and the platform's administrators are offered.
  await managerBox.uncheck();
  await officerBox.uncheck();
  const noneLeft = readers.getByRole('alert');
  await expect(noneLeft).toContainText('At least one reader must remain.');
  await expect(
    noneLeft.getByRole('link', { name: 'Send it to Candor’s administrators instead' }),
  ).toHaveAttribute('href', '/report');
  await expectNoAxeViolations(reporter);
  await saveScreenshot(reporter, 'reporter-390-readers-none-left');
  await officerBox.check();
  await expect(noneLeft).toBeHidden();
  await saveScreenshot(reporter, 'reporter-390-readers-one-kept-out');

  await reporter.getByLabel('Title').fill(title);
  await reporter.getByLabel('Category').selectOption('other');
  await reporter
    .getByLabel('Detailed Description')
    .fill('Two falls from the scaffold this month were never written down.');
  await reporter.getByRole('button', { name: 'Submit Report' }).click();
  await expect(reporter.getByRole('heading', { name: 'Your receipt' })).toBeVisible({
    timeout: 30_000,
  });
  await reporterContext.close();

  // The compliance officer has it, is told, and takes the case.
  const officerTokens = await apiLogin(request, organization.admin);
  const listed = await request.get('/api/admin/reports/', {
    headers: { authorization: `Bearer ${officerTokens.access}` },
  });
  const report = ((await listed.json()) as { id: number; title: string }[]).find(
    (item) => item.title === title,
  );
  expect(report).toBeDefined();
  await officer.goto('/admin-dashboard');
  await expect(officer.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expect(
    officer.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread/ }),
  ).toBeVisible();
  await officer.goto(`/reports/${report?.id}`);
  await officer.getByRole('button', { name: 'Take this case' }).click();
  await expect(officer.getByText('Assigned to you')).toBeVisible();

  // The site manager, signed in, finds no trace of it anywhere.
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await loginThroughForm(managerPage, manager);
  await managerPage.goto('/admin-dashboard');
  await expect(managerPage.getByText('No reports found matching your criteria')).toBeVisible();
  const total = managerPage
    .getByRole('list', { name: 'Analytics' })
    .getByRole('listitem')
    .filter({ hasText: 'Total Reports' });
  await expect(total).toContainText('0');
  // The bell holds what it held before the report (being made an administrator), nothing more.
  await managerPage
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const bell = managerPage.getByRole('region', { name: 'Notifications' });
  await expect(bell.getByRole('listitem')).toHaveCount(noticesBefore.length);
  await expect(bell).not.toContainText('A new report was submitted');
  await expect(bell).not.toContainText(title);
  await managerPage.keyboard.press('Escape');
  await expectNoAxeViolations(managerPage);
  await saveScreenshot(managerPage, 'readers-excluded-handler-dashboard');
  await managerPage.goto('/admin-dashboard?q=accidents');
  await expect(managerPage.getByText('No reports found matching your criteria')).toBeVisible();
  await managerPage.goto(`/reports/${report?.id}`);
  await expect(managerPage.getByText('Report not found or you do not have access.')).toBeVisible();
  await expect(managerPage.getByText(title)).toHaveCount(0);
  await saveScreenshot(managerPage, 'readers-excluded-handler-report');
  for (const url of [`/api/admin/reports/${report?.id}/`, `/api/reports/${report?.id}/`]) {
    expect((await request.get(url, { headers: managerHeaders })).status(), url).toBe(404);
  }
  const analytics = await request.get('/api/admin/analytics/', { headers: managerHeaders });
  expect((await analytics.json()).total_reports).toBe(0);
  expect(await noticesOf()).toEqual(noticesBefore);
  await managerContext.close();
  await officerContext.close();
});
