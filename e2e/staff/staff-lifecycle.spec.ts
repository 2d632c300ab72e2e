import { readFile } from 'node:fs/promises';
import type { MyData } from '@candor/contract/accounts';
import type { Report } from '@candor/contract/reports';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, type E2eUser, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expectLoginPage, loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

/** A registered account made a platform administrator by the superuser, through the API. */
async function platformAdmin(request: APIRequestContext): Promise<E2eUser> {
  const user = await registerUser(request, 'staffadmin');
  const { access } = await apiLogin(request, user);
  const applied = await request.post('/api/accounts/admin-access-request/', {
    headers: bearer(access),
    data: {
      request_type: 'individual',
      email: `${user.username}@example.org`,
      phone: '+44 20 7946 0958',
      justification: 'I handle reports for the platform.',
    },
  });
  expect(applied.ok()).toBe(true);
  const root = await apiLogin(request, superuser);
  const pending = await request.get('/api/accounts/admin-access-review/', {
    headers: bearer(root.access),
  });
  const mine = ((await pending.json()) as { id: number; username: string | null }[]).find(
    (item) => item.username === user.username,
  );
  const approved = await request.post(`/api/accounts/admin-access-review/${mine?.id}/`, {
    headers: bearer(root.access),
    data: { action: 'approve' },
  });
  expect(approved.ok()).toBe(true);
  return user;
}

async function fileReport(request: APIRequestContext, user: E2eUser, anonymous: boolean) {
  const { access } = await apiLogin(request, user);
  const response = await request.post('/api/reports/', {
    headers: bearer(access),
    multipart: {
      title: anonymous ? 'Loose stair rail' : 'Broken fire door',
      description: 'Seen on the third floor this morning.',
      is_anonymous: String(anonymous),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Report;
}

test('the superuser revokes an administrator, whose open dashboard loses access at once', async ({
  browser,
  page,
  request,
}) => {
  const admin = await platformAdmin(request);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await loginThroughForm(adminPage, admin, /\/admin-dashboard$/);
  const bell = adminPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/1 unread/);
  // A report to the platform reaches the new administrator live: their socket is open.
  await fileReport(request, await registerUser(request, 'staffreporter'), false);
  await expect(bell).toHaveAccessibleName(/2 unread/);

  await loginThroughForm(page, superuser, /\/superuser-dashboard$/);
  await page.getByRole('tab', { name: 'Staff' }).click();
  await page.getByLabel('Username or organisation').fill(admin.username);
  const row = page.getByRole('row', { name: new RegExp(admin.username) });
  await expect(row).toContainText('Candor (platform)');
  await expect(row).toContainText('Off');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'staff-tab');

  // Escape closes a dialog, and focus goes back to the button that opened it.
  const deactivate = row.getByRole('button', { name: `Deactivate ${admin.username}` });
  await deactivate.click();
  const asked = page.getByRole('dialog', { name: 'Deactivate account' });
  await expect(asked).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  await expect(deactivate).toBeFocused();

  await row
    .getByRole('button', { name: `Revoke administrator access of ${admin.username}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Revoke administrator access' });
  await expect(dialog).toContainText('every login ends');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'staff-revoke-dialog');
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  await expect(
    page.getByText(`Revoke administrator access: done for ${admin.username}.`),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(admin.username) })).toBeHidden();

  // The administrator's page, left open, is sent to the login: their session ended.
  await expectLoginPage(adminPage);
  expect(await adminPage.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  await adminContext.close();

  // The audit log has it.
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByRole('table').getByText('user.role_changed').first()).toBeVisible();
});

test('a reporter downloads their data, deletes their account and cannot log in again', async ({
  page,
  request,
}) => {
  const reporter = await registerUser(request, 'leaving');
  const identified = await fileReport(request, reporter, false);
  const anonymous = await fileReport(request, reporter, true);
  await loginThroughForm(page, reporter, /\/$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'profile-own-account');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('candor-my-data.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as MyData;
  expect(data.profile.username).toBe(reporter.username);
  expect(data.reports.map((report) => report.reference).sort()).toEqual(
    [identified.token, anonymous.token].sort(),
  );

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('A receipt from reporting without an account');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'delete-account-dialog');
  await dialog.getByLabel('Your password').fill(reporter.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expectLoginPage(page);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await page.getByLabel('Username').fill(reporter.username);
  await page.getByLabel('Password').fill(reporter.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login failed. Please check your credentials or try again later.',
  );
  const refused = await request.post('/api/accounts/login/', { data: reporter });
  expect(refused.status()).toBe(401);
});
