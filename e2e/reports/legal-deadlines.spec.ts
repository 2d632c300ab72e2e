import { expect, type Page, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

const DAY = 24 * 60 * 60 * 1000;
const longDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

async function step(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `legal-deadlines-${name}`);
}

test('the legal clock: chips, the overdue filter, the deadline sort and the reporter’s dates', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const reporter = await registerUser(request, 'clock');
  const tokens = await apiLogin(request, reporter);
  const stamp = Date.now().toString(36);
  const filed: { id: number; token: string; title: string; acknowledge_by: string }[] = [];
  for (const title of [`Clock ${stamp} first`, `Clock ${stamp} second`]) {
    const answer = await request.post('/api/reports/', {
      headers: { authorization: `Bearer ${tokens.access}` },
      multipart: { title, description: 'A report on the legal clock.', is_anonymous: 'true' },
    });
    expect(answer.status()).toBe(201);
    filed.push({ ...(await answer.json()), title });
  }
  const [first, second] = filed as [(typeof filed)[number], (typeof filed)[number]];

  // The administrator's list: every new report is to be acknowledged within 7 days.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await loginThroughForm(admin, superuser);
  await admin.goto(`/admin-dashboard?q=${stamp}`);
  const list = admin.getByRole('region', { name: 'Reports' });
  const cardOf = (title: string) =>
    list.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: title }) });
  await expect(cardOf(first.title)).toContainText('Acknowledge in 7 days');
  await expect(cardOf(second.title)).toContainText('Acknowledge in 7 days');
  await expect(admin.getByRole('complementary', { name: 'Analytics' })).toContainText(
    'Acknowledged in time',
  );
  await step(admin, '01-dashboard-chips');

  // The report page: Acknowledge receipt, with a message to the reporter.
  await cardOf(first.title)
    .getByRole('link', { name: `Manage ${first.title}` })
    .click();
  const clock = admin.getByRole('region', { name: 'Legal deadlines' });
  await expect(clock).toContainText('Acknowledge in 7 days');
  await clock.getByLabel('Message to the reporter (optional)').fill('We have your report.');
  await step(admin, '02-acknowledge-receipt');
  await clock.getByRole('button', { name: 'Acknowledge receipt' }).click();
  await expect(clock).toContainText(/Feedback in 9\d days/);
  await expect(clock).toContainText(`acknowledged on ${longDay.format(new Date())}, on time`);
  await expect(admin.getByRole('list', { name: 'Messages' })).toContainText('We have your report.');

  // Back on the list: sorted by the next deadline, the unacknowledged report comes first; the
  // overdue filter, kept in the address, finds none of them overdue.
  await admin.getByRole('link', { name: /Back to/ }).click();
  await list.getByLabel('Sort').selectOption({ label: 'Next deadline first' });
  await expect(admin).toHaveURL(/order=deadline/);
  await expect(list.getByRole('listitem').first()).toContainText(second.title);
  await expect(cardOf(first.title)).toContainText(/Feedback in 9\d days/);
  await expect(list.getByLabel('Sort')).toHaveValue('deadline');
  const overdueOnly = list.getByRole('checkbox', { name: /Overdue only/ });
  await overdueOnly.click();
  await expect(overdueOnly).toBeChecked();
  await expect(admin).toHaveURL(/overdue=true/);
  await expect(list.getByText('No reports found matching your criteria')).toBeVisible();
  await admin.reload();
  await expect(overdueOnly).toBeChecked();
  await expect(list.getByLabel('Sort')).toHaveValue('deadline');
  await step(admin, '03-overdue-filter');
  await overdueOnly.click();
  await expect(overdueOnly).not.toBeChecked();
  await expect(cardOf(first.title)).toBeVisible();

  // The export downloads what the list shows.
  const download = admin.waitForEvent('download');
  await list.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^candor-reports-\d{4}-\d{2}-\d{2}\.csv$/);

  // Nine days on, as the administrator's browser counts them: the chip says how late it is.
  await admin.clock.setFixedTime(new Date(Date.now() + 9 * DAY));
  await admin.reload();
  await expect(cardOf(second.title)).toContainText('Acknowledge overdue 2 days');
  await expect(cardOf(first.title)).toContainText(/Feedback in 8\d days/);
  await step(admin, '04-overdue-chip');
  await adminContext.close();

  // The reporter: on the report page and in My Reports, when to expect what, and what came.
  const reporterContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await reporterContext.newPage();
  await loginThroughForm(page, reporter);
  await page.goto(`/reports/${first.id}`);
  const expectations = page.getByRole('region', { name: 'What to expect' });
  await expect(expectations).toContainText(
    `Acknowledged on ${longDay.format(new Date())}, on time`,
  );
  await expect(expectations).toContainText(/Feedback expected by \d{1,2} \w+ \d{4}/);
  await step(page, '05-reporter-report');

  await page.goto('/my-reports');
  const mine = page.getByRole('listitem').filter({ hasText: second.title });
  await expect(mine).toContainText(
    `Acknowledgement expected by ${longDay.format(new Date(second.acknowledge_by))}`,
  );
  await step(page, '06-my-reports');

  // Nine days on, as the reporter's browser counts them: the acknowledgement is overdue.
  await page.clock.setFixedTime(new Date(Date.now() + 9 * DAY));
  await page.goto(`/reports/${second.id}`);
  await expect(page.getByRole('region', { name: 'What to expect' })).toContainText(
    `Acknowledgement expected by ${longDay.format(new Date(second.acknowledge_by))}: it is overdue`,
  );
  await step(page, '07-reporter-overdue');
  await reporterContext.close();
});
