import { expect, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

test('the superuser sees the state of the audit chain on the dashboard', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughForm(page, superuser, /\/superuser-dashboard$/);
  const card = page.getByRole('region', { name: 'Audit chain' });
  await expect(card.getByText('Intact')).toBeVisible();
  await expect(card).toContainText(/\d+ (entry|entries) chained, none changed or removed\./);
  await expect(card.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await card.getByRole('button', { name: 'Check again' }).click();
  await expect(card.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'superuser-audit-chain');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'superuser-audit-chain-phone');
  await context.close();
});
