import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { phone } from '../support/phone';
import { saveScreenshot, screenshotDir } from '../support/screenshots';
import { expectTakenOver } from '../support/takeover';
import { expectNoSidewaysScroll } from '../support/targets';

/** Screenshots of the reporter's pages at 390 px, also kept where people review them. */
const reviewDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  await saveScreenshot(page, name);
  if (reviewDir) {
    mkdirSync(reviewDir, { recursive: true });
    copyFileSync(path.join(screenshotDir, `${name}.png`), path.join(reviewDir, `${name}.png`));
  }
}

const banner = (page: Page) => page.getByRole('banner');

test('at 390 px the landing page leads to /report and /track, from the menu and from its call to action', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  const menu = page.locator('#mobile-menu');

  for (const [name, address, heading] of [
    ['Report without an account', /\/report$/, 'Report without an account'],
    ['Track a report', /\/track$/, 'Track a report'],
  ] as const) {
    // The phone menu, opened from the landing page (drawn at build time, without the app).
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Open menu' }).tap();
    const links = menu.getByRole('link');
    // The two no-account links come first in the menu.
    await expect(links.nth(0)).toHaveText('Report without an account');
    await expect(links.nth(1)).toHaveText('Track a report');
    await menu.getByRole('link', { name }).tap();
    await expect(page).toHaveURL(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

    // The landing page's call to action, beside signing in.
    await page.goto('/');
    const main = page.getByRole('main');
    const cta = main.getByRole('link', { name });
    await expect(cta).toBeVisible();
    await expect(cta).toBeInViewport();
    await cta.tap();
    await expect(page).toHaveURL(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // No second submit in the header of a reporter's page.
    await expect(banner(page).getByRole('link', { name: 'Submit Report' })).toHaveCount(0);
  }

  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Sign in and report' })).toHaveAttribute(
    'href',
    '/submit-report',
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'reporter-paths-390-01-landing');
  await context.close();
});

test('on a desktop, "Report without an account" is among the first Tab stops of the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const address of ['/', '/about', '/login']) {
    await page.goto(address);
    // The app takes the page over and moves focus to its heading (for a screen reader): the
    // count starts from the top of the page again, as after a click there.
    if (address !== '/') await expectTakenOver(page);
    await page.mouse.click(2, 2);
    let presses = 0;
    let focused = '';
    while (presses < 10 && focused !== 'Report without an account') {
      await page.keyboard.press('Tab');
      presses += 1;
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    // The skip link, the logo, then this one: within the first few focusable elements.
    expect(focused, address).toBe('Report without an account');
    expect(presses, address).toBeLessThanOrEqual(4);
    const link = page.locator(':focus');
    await expect(link).toHaveAttribute('href', '/report');
    // Its focus is visible: the browser's ring is drawn around it.
    const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    // Track a report is the next one.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Track a report');
  }
});

test('a reporter without an account at 390 px: the form, the receipt on one screen width, /track', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await phone(browser);
  await page.goto('/report');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Report without an account' }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'reporter-paths-390-02-report');

  await page.getByLabel('Title').fill('The storeroom fire exit is chained every night');
  await page.getByLabel('Detailed Description').fill('Since the break-ins in October.');
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible({
    timeout: 60_000,
  });
  // The 16 digits stay on the screen: nothing scrolls sideways, and the receipt wraps between
  // groups of four, never inside one.
  await expectNoSidewaysScroll(page);
  const receiptBox = page.getByTestId('receipt-digits');
  const receipt = ((await receiptBox.locator('[aria-hidden="true"]').textContent()) ?? '').trim();
  expect(receipt).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  // Its lines, as the browser laid them out: one or two, each of whole groups.
  const lines = await receiptBox.evaluate((element) => {
    const rows = new Map<number, string[]>();
    for (const pair of Array.from(element.querySelectorAll('[data-pair]'))) {
      const { top } = pair.getBoundingClientRect();
      rows.set(Math.round(top), [...(rows.get(Math.round(top)) ?? []), pair.textContent ?? '']);
    }
    return {
      fits: element.scrollWidth <= element.clientWidth,
      rows: [...rows.values()].map((row) => row.join(' ')),
      pairsFit: Array.from(element.querySelectorAll('[data-pair]')).every(
        (pair) => pair.getBoundingClientRect().right <= element.getBoundingClientRect().right,
      ),
    };
  });
  expect(lines.pairsFit).toBe(true);
  expect(lines.fits).toBe(true);
  const [first, second, third, fourth] = receipt.split(' ');
  expect([[receipt], [`${first} ${second}`, `${third} ${fourth}`]]).toContainEqual(lines.rows);
  await expectNoAxeViolations(page);
  await shot(page, 'reporter-paths-390-03-receipt');

  await page.getByLabel('I have saved my receipt').check();
  await page.getByRole('button', { name: 'Done' }).tap();
  await page.getByRole('main').getByRole('link', { name: 'Track a report' }).tap();
  await expect(page).toHaveURL(/\/track$/);
  await expectNoSidewaysScroll(page);
  await shot(page, 'reporter-paths-390-04-track');
  await page.getByLabel('Receipt').fill(receipt);
  await page.getByRole('button', { name: 'Open my report' }).tap();
  await expect(
    page.getByRole('heading', { name: 'The storeroom fire exit is chained every night' }),
  ).toBeVisible();
  // Every date on the page is written one way: day, month in words, year.
  const dates = await page
    .getByRole('main')
    .evaluate((main) =>
      (main.textContent ?? '').match(/\b(\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]{2} \d{1,2}, \d{4})/g),
    );
  expect(dates?.length).toBeGreaterThan(0);
  for (const date of dates ?? []) expect(date).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'reporter-paths-390-05-track-open');
  await context.close();
});

test("a certificate's link opens /verify, which says in words whether it is genuine", async ({
  browser,
  request,
}) => {
  const reporter = await registerUser(request, 'certified');
  const tokens = await apiLogin(request, reporter);
  const title = `The loading bay lights are out ${Date.now()}`;
  const created = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    multipart: { title, description: 'For three weeks now.', category: 'other' },
  });
  expect(created.status()).toBe(201);
  const report = await created.json();
  const superTokens = await apiLogin(request, superuser);
  const resolved = await request.patch(`/api/admin/reports/${report.id}/update/`, {
    headers: { authorization: `Bearer ${superTokens.access}` },
    data: { status: 'resolved' },
  });
  expect(resolved.ok()).toBe(true);

  // Downloaded where the reporter reads the report: the title only when ticked.
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await loginThroughForm(page, reporter);
  await page.goto(`/my-reports?report=${report.id}`);
  const choice = page.getByLabel("Print the report's title on the certificate");
  await expect(choice).not.toBeChecked();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Certificate' }).click();
  const pdf = readFileSync(await (await downloading).path());
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  // The link any PDF reader follows: the page, not the API.
  const link = /\/URI \(([^)]+)\)/.exec(pdf.toString('latin1'))?.[1] as string;
  const address = new URL(link);
  expect(address.pathname).toBe('/verify');
  expect(address.searchParams.get('reference')).toBe(report.token);

  const checker = await (await browser.newContext()).newPage();
  await checker.goto(`${address.pathname}${address.search}`);
  await expect(
    checker.getByRole('heading', { level: 1, name: 'Check a certificate' }),
  ).toBeVisible();
  await expect(checker.getByText('This certificate is genuine.', { exact: false })).toBeVisible();
  await expect(checker.getByText(report.token).first()).toBeVisible();
  await expect(checker.getByText(title)).toHaveCount(0);
  await expect(checker.getByText(reporter.username)).toHaveCount(0);
  await expectNoAxeViolations(checker);
  await shot(checker, 'verify-genuine');

  // A forged code, then one that is not a code at all.
  await checker.getByLabel(/Verification code/).fill('AAAA-BBBB-CCCC');
  await checker.getByRole('button', { name: 'Check the certificate' }).click();
  await expect(checker.getByRole('alert')).toContainText('This certificate is not valid');
  await checker.goto(`/verify?reference=${report.token}&code=${'X'.repeat(60)}`);
  await expect(checker.getByRole('alert')).toContainText(
    'This is not a reference number and verification code',
  );
  await expectNoAxeViolations(checker);
  await context.close();
});
