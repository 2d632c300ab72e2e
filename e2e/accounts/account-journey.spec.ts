import { expect, test } from '@playwright/test';
import { registerUser, uniqueUsername } from '../support/api';
import { holdAppEntry } from '../support/hold';
import { expectLoginPage } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

test('register, log in, see and edit the profile, log out', async ({ page }) => {
  const username = uniqueUsername('journey');
  const password = 'journey-passphrase-1';

  await page.goto('/register');
  await page.getByLabel(/First name/).fill('Grace');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Registration successful! Redirecting to login...',
  );
  await expectLoginPage(page);

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Reports' })).toBeVisible();

  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expect(page.getByText(username)).toBeVisible();
  await expect(page.getByText('User', { exact: true })).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'profile');

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/EditProfile$/);
  const renamed = `${username}_2`;
  await page.getByLabel('Username').fill(renamed);
  await page.getByLabel('Email').fill(`${renamed}@example.org`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Profile updated successfully!');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(renamed, { exact: true })).toBeVisible();
  await expect(page.getByText(`${renamed}@example.org`)).toBeVisible();

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expectLoginPage(page);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]),
  ).toEqual([null, null]);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a failed login shows the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(uniqueUsername('ghost'));
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login failed. Please check your credentials or try again later.',
  );
});

test('registering a taken username shows the server message', async ({ page, request }) => {
  const existing = await registerUser(request);
  await page.goto('/register');
  await page.getByLabel('Username').fill(existing.username);
  await page.getByLabel('Password').fill('another-passphrase');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasNotText: 'There is a problem' })).toHaveText(
    'Registration failed: A user with that username already exists.',
  );
  // The summary above the form takes focus and leads to the field at fault.
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Username: A user with that username already exists.');
});

test('a user visiting /admin-dashboard lands on /', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Anonymous Reporting Made Safe' }),
  ).toBeVisible();
});

for (const moment of ['after', 'before'] as const) {
  test(`a visitor who writes a report ${moment} the app arrives, then signs in to send it, finds it as they left it`, async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    // The page arrives drawn; the app that takes it over may come after the visitor has typed.
    const entry = moment === 'before' ? await holdAppEntry(page) : null;
    await page.goto('/submit-report');
    await expect(page.getByText(/You are not signed in/)).toBeVisible();
    await page.getByLabel('Title').fill('Bullying in year 9');
    await page.getByLabel('Detailed Description').fill('It happens every lunch break.');
    if (entry) {
      await expect.poll(entry.asked).toBe(true);
      entry.release();
    }
    // Enabled once the app has taken the form over.
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('You must be logged in to submit a report.')).toBeVisible();
    await expectLoginPage(page);
    await expect(page.getByText('You must be logged in to submit a report.')).toBeVisible();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/submit-report$/);
    await expect(page.getByLabel('Title')).toHaveValue('Bullying in year 9');
    await expect(page.getByLabel('Detailed Description')).toHaveValue(
      'It happens every lunch break.',
    );
  });
}

test('an undecodable stored token is cleared and the visitor goes to /login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'not-a-token');
    localStorage.setItem('refreshToken', 'not-a-refresh-token');
  });
  await page.goto('/my-reports');
  await expectLoginPage(page);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
});

test('unknown paths show a page-not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
