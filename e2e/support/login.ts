import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './api';

/**
 * Logs in through the form and waits for the spec's redirect (section 2): to `landing` when
 * given, else anywhere but the login page.
 */
export async function loginThroughForm(page: Page, user: E2eUser, landing?: RegExp) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  if (landing) await expect(page).toHaveURL(landing);
  else await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Waits until the login page is on screen, not only in the address bar: while its code loads
 * the previous page stays visible, and its fields would take what a test types.
 */
export async function expectLoginPage(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

export async function logout(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expectLoginPage(page);
}
