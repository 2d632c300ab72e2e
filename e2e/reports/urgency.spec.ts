import { expect, test } from '@playwright/test';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

test('urgency first: the due-soon and overdue cards lead to their filters; opening a report clears its notices', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // An organisation that acknowledges within one day: a report filed now is due within two.
  const organization = await createOrganization(request, 'Quayside Works');
  const periods = await request.put('/api/organizations/deadlines/', {
    headers: organization.adminHeaders,
    data: { acknowledge_days: 1, feedback_days: null },
  });
  expect(periods.ok()).toBe(true);
  const code = (
    await (
      await request.post('/api/organizations/join-code/', { headers: organization.adminHeaders })
    ).json()
  ).code as string;
  const member = await registerUser(request, 'quaymember');
  const memberTokens = await apiLogin(request, member);
  expect(
    (
      await request.post('/api/organizations/join/', {
        headers: bearer(memberTokens.access),
        data: { code },
      })
    ).ok(),
  ).toBe(true);
  const title = `Blocked fire exit ${Date.now().toString(36)}`;
  const filed = await request.post('/api/reports/', {
    headers: bearer(memberTokens.access),
    multipart: { title, description: 'The exit by the loading bay is blocked.' },
  });
  expect(filed.status()).toBe(201);
  const report = await filed.json();

  await page.setViewportSize({ width: 1280, height: 900 });
  await loginThroughForm(page, organization.admin, /\/admin-dashboard$/);
  const analytics = page.getByRole('list', { name: 'Analytics' });
  const soon = analytics.getByRole('link', { name: /Due in 2 days/ });
  await expect(soon).toContainText('1');
  const overdue = analytics.getByRole('link', { name: /Overdue now/ });
  await expect(overdue).toContainText('0');
  // Nothing overdue in this scope: no banner.
  await expect(page.getByText(/overdue: a legal deadline has passed/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'urgency-01-cards');

  // The due-soon card: its filter, in the address, the list in its default order.
  await soon.click();
  await expect(page).toHaveURL(/\/admin-dashboard\?due_soon=true$/);
  const list = page.getByRole('region', { name: 'Reports' });
  await expect(list.getByRole('checkbox', { name: /Due in 2 days only/ })).toBeChecked();
  await expect(list.getByLabel('Sort')).toHaveValue('newest');
  await expect(list.getByRole('heading', { name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'urgency-02-due-soon');

  // The overdue card: the overdue filter; none is overdue here.
  await overdue.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-dashboard\?overdue=true$/);
  await expect(list.getByRole('checkbox', { name: /Overdue only/ })).toBeChecked();
  await expect(list.getByText('No reports found matching your criteria')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'urgency-03-overdue');
  await soon.click();

  // The bell holds the approval and the notices about the new report (its arrival, and a
  // reminder of its deadline when the reminder job has run); opening the report clears those.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/[23] unread/);
  await list.getByRole('link', { name: `Manage ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${report.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread notification');
  await bell.click();
  await expect(page.getByText(/has been approved/)).toBeVisible();
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'urgency-04-report-opened');
});
