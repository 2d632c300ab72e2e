import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './api';

/** Signs in through the login form and waits for the redirect the spec describes. */
export async function signInThroughUi(page: Page, user: E2eUser) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully!')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
}
