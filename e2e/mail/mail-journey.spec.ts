import { expect, test } from '@playwright/test';
import { smtpPort } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { applyForAdminAccess } from '../support/organization';
import { decryptMail, generateKey, linkIn, startSmtpServer } from '../support/smtp';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(smtpPort);
});
test.afterAll(async () => {
  await smtp?.close();
});

/** Waits for the `count`-th mail to `address` (the outbox is sent every second) and answers it. */
async function mailNumber(address: string, count: number) {
  await expect
    .poll(() => smtp.to(address).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
  return smtp.to(address)[count - 1] as (typeof smtp.received)[number];
}

test('a handler confirms their address, adds an OpenPGP key, receives an encrypted alert, and resets their password from a mail', async ({
  page,
  request,
}) => {
  // A platform administrator with an email address, approved by the superuser.
  const admin = await registerUser(request, 'mailadmin');
  const address = `${admin.username}@example.test`;
  const adminTokens = await apiLogin(request, admin);
  const headers = { authorization: `Bearer ${adminTokens.access}` };
  const profile = await request.put('/api/accounts/profile/', {
    headers,
    data: { username: admin.username, email: address },
  });
  expect(profile.ok()).toBe(true);
  await applyForAdminAccess(request, headers, {
    request_type: 'individual',
    email: address,
    phone: '+1 555 0100',
    justification: 'I handle the platform reports.',
  });

  // Confirm the address from the link in the mail.
  await loginThroughForm(page, admin);
  await page.goto('/email-alerts');
  await expect(page.getByText(/not confirmed yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(page.getByText(/is on its way/)).toBeVisible();
  const confirmation = await mailNumber(address, 1);
  await page.goto(linkIn(confirmation, 'verify-email'));
  await page.getByRole('button', { name: 'Confirm this address' }).click();
  await expect(page.getByText('Your email address is confirmed')).toBeVisible();

  // Add an OpenPGP key: its fingerprint is shown.
  const key = await generateKey(address);
  await page.goto('/email-alerts');
  await page.getByLabel('Your OpenPGP public key').fill(key.publicKey);
  await page.getByRole('button', { name: 'Add the key' }).click();
  await expect(page.getByTestId('pgp-fingerprint')).toHaveText(/^[0-9A-F]{4}( [0-9A-F]{4}){9}$/);
  await expectNoAxeViolations(page);

  // A report to the platform: the alert arrives encrypted, and decrypts with the key.
  const reporter = await registerUser(request, 'mailreporter');
  const reporterTokens = await apiLogin(request, reporter);
  const title = `Encrypted alert ${Date.now().toString(36)}`;
  const filed = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${reporterTokens.access}` },
    multipart: { title, description: 'Only inside the app.' },
  });
  expect(filed.status()).toBe(201);
  const reference = (await filed.json()).token as string;
  const alert = await mailNumber(address, 2);
  expect(alert.parsed.subject).toBe('Candor: something needs your attention');
  expect(alert.raw).toContain('multipart/encrypted');
  expect(alert.raw).not.toContain(title);
  const inside = await decryptMail(alert, key.privateKey);
  expect(inside).toContain(title);
  expect(inside).toContain(reference);

  // Forgotten password: a link by mail, used once.
  const signedOut = await page.context().browser()?.newContext();
  if (!signedOut) throw new Error('no browser');
  const visitor = await signedOut.newPage();
  await visitor.goto('/forgot-password');
  await expect(visitor.getByText('Candor cannot email you a reset link')).toBeVisible();
  await visitor.getByLabel('Your confirmed staff email address').fill(address);
  await visitor.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(visitor.getByText(/a link to reset its password is on its way/)).toBeVisible();
  await expectNoAxeViolations(visitor);
  const resetMail = await mailNumber(address, 3);
  expect(resetMail.parsed.subject).toBe('Candor: reset your password');
  await visitor.goto(linkIn(resetMail, 'reset-password'));
  await visitor.getByLabel('New password').fill('a-new-handler-passphrase');
  await visitor.getByRole('button', { name: 'Set the new password' }).click();
  await expect(visitor.getByText(/Your password was changed/)).toBeVisible();
  await loginThroughForm(visitor, {
    username: admin.username,
    password: 'a-new-handler-passphrase',
  });
  await signedOut.close();
});
