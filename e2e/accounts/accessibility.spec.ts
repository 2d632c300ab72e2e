import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';

for (const [path, name, heading] of [
  ['/', 'landing', 'Anonymous Reporting Made Safe'],
  ['/login', 'login', 'Sign in'],
  ['/register', 'register', 'Create your account'],
] as const) {
  test(`${name} page has no axe violations`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, name);
    await context.close();
  });
}

test('the landing page works at 375 px with the mobile menu, by keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Become Admin/Org' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'landing-mobile-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await context.close();
});

test('FAQ anchors scroll below the fixed bar and the bar changes after scrolling', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/#faq$/);
  await expect
    .poll(async () =>
      page.evaluate(() =>
        Math.round(document.getElementById('faq')?.getBoundingClientRect().top ?? -1),
      ),
    )
    .toBe(64);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
});
