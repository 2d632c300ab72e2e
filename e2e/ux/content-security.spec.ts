import { expect, test } from '@playwright/test';
import { expectTakenOver } from '../support/takeover';

/**
 * Nothing the app does is refused by its own content security policy: a refusal is something
 * broken (or a library probing, as zod does for eval unless told not to) and shows in the
 * browser's issues. Forms that check their fields load the contract's schemas.
 */
test('no page or form runs into the content security policy', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  // The landing page's only script has run once the page has loaded (goto waits for it); every
  // other page is read once the app has taken it over, which starts after the first paint.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(), '/').toEqual([]);
  for (const path of ['/contact-us', '/report', '/submit-report', '/become-admin']) {
    await page.goto(path);
    await expectTakenOver(page);
    expect(await violations(), path).toEqual([]);
  }
  // An empty login form is checked with the contract's schema, loaded on demand.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeVisible();
  expect(await violations()).toEqual([]);
});
