import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

/**
 * How a visitor's language is chosen (docs/languages.md): the browser's on a first visit, then
 * the one they pick, kept in this browser only, in place, with nothing they typed lost.
 */
test("a first visit follows the browser's language; a choice changes the page in place and is remembered on the device only", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      sent.push(`${request.url()} ${request.postData() ?? ''}`);
    }
  });

  // A German browser opening the English address lands on the German page before it paints.
  await page.goto('/report');
  await expect(page).toHaveURL(/\/de\/report$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Something typed, then Spanish chosen from the header: the page changes without reloading.
  const title = page.locator('input[name="title"]');
  await title.fill('Lo que pasó en el almacén');
  const header = page.locator('header nav');
  await header.locator('summary').click();
  await header.getByRole('link', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/report$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(title).toHaveValue('Lo que pasó en el almacén');
  await expect(header.locator('summary')).toContainText('Español');

  // The choice is kept in this browser: an English address leads to the Spanish page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/es\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('candor.language'))).toBe('es');

  // Arabic from the footer of the landing page, which never loads the app: a plain link.
  await page.goto('/es/');
  await page.locator('footer summary').click();
  await page.locator('footer').getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\/?$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.goto('/track');
  await expect(page).toHaveURL(/\/ar\/track$/);
  await expectNoAxeViolations(page);

  // Nothing a request carried names the choice: it stays in the browser.
  expect(sent.filter((line) => /candor\.language|"language"/.test(line))).toEqual([]);
  await context.close();
});

test('an address that names a language is kept for a visitor who chose none', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/fr/track');
  await expect(page).toHaveURL(/\/fr\/track$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await context.close();
});
