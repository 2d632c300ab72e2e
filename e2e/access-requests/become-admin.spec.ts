import { expect, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser, uniqueUsername } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expectLoginPage, loginThroughForm, logout } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

const SUCCESS = 'Application submitted successfully! You will be notified upon approval.';

test('a user applies for an organisation, the superuser approves, and the user becomes its admin', async ({
  page,
  request,
}) => {
  const applicant = await registerUser(request, 'orgapplicant');
  const organizationName = `Hillside School ${uniqueUsername('org')}`;
  await loginThroughForm(page, applicant, /\/$/);

  await page.goto('/become-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Become an Admin' })).toBeVisible();
  await expect(page.getByLabel('Request type')).toHaveValue('individual');
  await page.getByLabel('Request type').selectOption('organization');
  await page.getByLabel('Email').fill(`${applicant.username}@example.org`);
  await page.getByLabel('Phone').fill('+44 20 7946 0958');
  await page.getByLabel('Description').fill('I lead safeguarding for our school of 900 pupils.');
  await page.getByLabel('Organization type').selectOption({ label: 'Educational Institution' });
  await page.getByLabel('Organization name').fill(organizationName);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'become-admin');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);
  await expect(page.getByLabel('Request type')).toHaveValue('individual');
  await expect(page.getByLabel('Organization name')).toBeHidden();
  await logout(page);

  await loginThroughForm(page, superuser, /\/superuser-dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Superuser Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Superuser Dashboard' })).toBeVisible();
  const card = page.getByRole('article', { name: applicant.username });
  await expect(card).toContainText('I lead safeguarding for our school of 900 pupils.');
  await expect(card).toContainText(organizationName);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'superuser-dashboard');
  await card.getByRole('button', { name: /^Approve/ }).click();
  // A confirmation restates what approving does, beside what the applicant gave.
  const confirm = page.getByRole('dialog', { name: `Approve ${applicant.username}?` });
  await expect(confirm).toContainText(
    `Approving creates ${organizationName} on Candor and makes ${applicant.username} its administrator.`,
  );
  await expect(confirm).toContainText('example.org');
  await expect(confirm).toContainText('+44 20 7946 0958');
  await expect(confirm).toContainText('I lead safeguarding for our school of 900 pupils.');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'superuser-approve-confirmation');
  await confirm.getByRole('button', { name: 'Create the organization and approve' }).click();
  await expect(
    page.getByRole('region', { name: 'Pending access requests' }).getByRole('status'),
  ).toHaveText('Request approved.');
  await expect(card).toBeHidden();
  await logout(page);

  await loginThroughForm(page, applicant, /\/admin-dashboard$/);
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  // The decision waits in the bell.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/1 unread/);
  await bell.click();
  await expect(page.getByText(/has been approved/)).toBeVisible();
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(organizationName, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Generate join code' }).click();
  await expect(page.getByRole('status')).toContainText(/[0-9A-Z]{4}(-[0-9A-Z]{4}){3}/);
  await nav.getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Command Center' })).toBeVisible();
});

test('a visitor applies without an account and registers with the invitation code', async ({
  browser,
}) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/become-admin');
  await page.getByLabel('Email').fill(`${uniqueUsername('visitor')}@example.org`);
  await page.getByLabel('Phone').fill('555 010 0123');
  await page.getByLabel('Description').fill('I coordinate volunteers at the community centre.');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status')).toHaveText(SUCCESS);
  const code = (await page.getByTestId('claim-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'become-admin-claim-code');

  await page.getByRole('link', { name: 'create your account with this code' }).click();
  await expect(page).toHaveURL(/\/register\?code=/);
  await expect(page.getByLabel('Invitation code', { exact: true })).toHaveValue(code);
  const account = { username: uniqueUsername('claimant'), password: 'claimant-passphrase' };
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectLoginPage(page);

  const console = await browser.newContext();
  const admin = await console.newPage();
  await loginThroughForm(admin, superuser, /\/superuser-dashboard$/);
  const card = admin.getByRole('article', { name: account.username });
  await card.getByRole('button', { name: /^Approve/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(card).toBeHidden();
  await console.close();

  await loginThroughForm(page, account, /\/admin-dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }),
  ).toBeVisible();
  await visitor.close();
});

test('the superuser rejects a request with a reason, and the applicant reads it', async ({
  page,
  request,
}) => {
  const applicant = await registerUser(request, 'rejected');
  const tokens = await apiLogin(request, applicant);
  const applied = await request.post('/api/accounts/admin-access-request/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: {
      request_type: 'individual',
      email: `${applicant.username}@mail.example.net`,
      phone: '+1 555 0199',
      justification: 'I would like to help.',
    },
  });
  expect(applied.status()).toBe(201);

  await loginThroughForm(page, superuser, /\/superuser-dashboard$/);
  const card = page.getByRole('article', { name: applicant.username });
  await card.getByRole('button', { name: `Reject ${applicant.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject the request of ${applicant.username}` });
  await expect(dialog).toContainText('mail.example.net');
  await expect(dialog).toContainText('+1 555 0199');
  await expect(dialog).toContainText('I would like to help.');
  const reason = dialog.getByLabel('Reason for the applicant');
  await expect(reason).toBeFocused();
  // Without a reason, nothing is sent: the problem is named and the field is in reach.
  await dialog.getByRole('button', { name: 'Reject and send the reason' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Give the applicant the reason for the rejection.',
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'superuser-reject-reason-missing');
  await reason.fill(
    'We approve people who work with reporters; please apply with your organisation.',
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'superuser-reject-reason');
  await dialog.getByRole('button', { name: 'Reject and send the reason' }).click();
  await expect(
    page.getByRole('region', { name: 'Pending access requests' }).getByRole('status'),
  ).toHaveText('Request rejected.');
  await expect(card).toBeHidden();
  await logout(page);

  await loginThroughForm(page, applicant, /\/$/);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/1 unread/);
  await bell.click();
  await expect(
    page.getByText(
      'Your request for admin access has been rejected. Reason: We approve people who work with reporters; please apply with your organisation.',
    ),
  ).toBeVisible();
});

test('a signed-in user who is not the superuser is sent home from the superuser dashboard', async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  await loginThroughForm(page, user, /\/$/);
  await page.goto('/superuser-dashboard');
  await expect(page).toHaveURL(/\/$/);
});
