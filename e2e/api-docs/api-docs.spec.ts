import path from 'node:path';
import { expect, test } from '@playwright/test';
import { saveScreenshot, screenshotDir } from '../support/screenshots';

test('the API description draws in the browser under its content security policy', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(error.message));
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Candor API/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reports', exact: false }).first()).toBeVisible();
  const login = page.locator('.opblock-summary', { hasText: '/api/accounts/login/' });
  await expect(login).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();

  // One operation opened: its body shape and its answers.
  await page.locator('.opblock-summary', { hasText: '/api/reports/{id}/evidence/' }).click();
  await expect(page.getByText('The file', { exact: true }).first()).toBeVisible();
  await saveScreenshot(page, 'api-docs');
  await page.screenshot({ path: path.join(screenshotDir, 'api-docs-top.png') });

  // Everything it loaded came from this server, and nothing was refused.
  const origin = new URL(page.url()).origin;
  for (const url of requested) {
    if (!url.startsWith('data:')) expect(url.startsWith(origin), url).toBe(true);
  }
  expect(refused).toEqual([]);
});
