import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { superuser } from '../playwright.config';
import { apiLogin, type E2eUser, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expectLoginPage, loginThroughForm, logout } from '../support/login';
import { applyForAdminAccess } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

/** What the administrator's authenticator app would show, `steps` periods of 30 s from now. */
function codeFor(secret: string, steps = 0) {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * 30_000,
  });
}

/** A platform administrator: registered, applied, approved by the superuser (through the API). */
async function createAdmin(request: Parameters<typeof registerUser>[0]): Promise<E2eUser> {
  const admin = await registerUser(request, 'tfadmin');
  const tokens = await apiLogin(request, admin);
  await applyForAdminAccess(
    request,
    { authorization: `Bearer ${tokens.access}` },
    {
      request_type: 'individual',
      email: `${admin.username}@example.org`,
      phone: '+44 20 7946 0958',
      justification: 'I handle reports for the platform.',
    },
  );
  return admin;
}

/** The password step of the login form, up to the second step's question. */
async function passwordStep(page: Page, user: E2eUser) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test('an administrator sets up a second factor, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request);
  await loginThroughForm(page, admin, /\/admin-dashboard$/);

  // Enrolment, from the profile.
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(card).toContainText('Off');
  await card.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  // The current password first: a session left open is not enough to set it up.
  await page.getByLabel('Your current password').fill('a wrong guess');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByText('Your password is not correct.')).toBeVisible();
  await page.getByLabel('Your current password').fill(admin.password);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'two-factor-enrolment');

  await page.getByLabel('Authentication code').fill(codeFor(secret, 6));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid');
  await page.getByLabel('Authentication code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesList.getByRole('listitem').allTextContents();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'two-factor-recovery-codes');
  await page.getByRole('link', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await logout(page);

  // Signing in asks for the code; a wrong one is refused with a message.
  await passwordStep(page, admin);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'two-factor-login-code');
  await page.getByLabel('Authentication code').fill(codeFor(secret, 8));
  await page.getByRole('button', { name: 'Verify' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('That code is not valid');
  await expect(refusal).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'two-factor-login-wrong-code');
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Command Center' })).toBeVisible();
  await logout(page);

  // With a recovery code instead.
  await passwordStep(page, admin);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'two-factor-login-recovery');
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // The profile says it is on, with one recovery code fewer; new codes take the password.
  await page.goto('/two-factor');
  await expect(page.getByText('Recovery codes left: 9.')).toBeVisible();
  await page.getByLabel('Your current password, for new codes').fill(admin.password);
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expectNoAxeViolations(page);
  await logout(page);
  await expectLoginPage(page);

  // The superuser sees who has set it up and who has not.
  await loginThroughForm(page, superuser, /\/superuser-dashboard$/);
  const staff = page.getByRole('region', { name: 'Staff two-factor authentication' });
  await expect(
    staff.getByRole('button', { name: `Reset two-factor authentication of ${admin.username}` }),
  ).toBeVisible();
  await expect(
    staff.getByRole('list', { name: 'Staff without two-factor authentication' }),
  ).toContainText(superuser.username);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'two-factor-staff');
});
