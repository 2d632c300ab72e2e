import { expect, test } from '@playwright/test';
import { holdRequests } from '../support/hold';
import { slowPage } from '../support/slow-page';

type ShiftWindow = Window & { layoutShift: number };

/**
 * What arrives late takes a place kept for it: the contact page's support details come from the
 * server after the page has drawn (held back here), and nothing on the page moves when they do.
 */
for (const width of [390, 1280]) {
  test(`the contact page does not move when its details arrive (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const details = await holdRequests(page, '**/api/site/');
    await page.addInitScript(() => {
      const shifts = window as unknown as ShiftWindow;
      shifts.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    details.release();
    await expect(page.getByRole('link', { name: /@/ })).toBeVisible();
    // Layout shifts are reported after the frame that made them.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
    );
    expect(await page.evaluate(() => (window as unknown as ShiftWindow).layoutShift)).toBe(0);
  });
}

/**
 * A phone whose network or parser stops inside the top bar must not paint the bar's right-hand
 * group short and move it when the rest arrives: the page is drawn only once the bar is whole.
 */
for (const width of [390, 1280]) {
  test(`the top bar does not move when the page arrives in parts (${width} px)`, async ({
    page,
  }) => {
    const slow = await slowPage('/contact-us', 'Submit Report</a>', 1000);
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => {
      const shifts = window as unknown as ShiftWindow & { barParsedAt: number };
      shifts.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // The phone menu follows the bar in the page: once it is there, so is the whole bar.
      new MutationObserver((_, observer) => {
        if (!document.getElementById('mobile-menu')) return;
        shifts.barParsedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(slow.url);
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
    );
    const seen = await page.evaluate(() => ({
      shift: (window as unknown as ShiftWindow).layoutShift,
      barParsedAt: (window as unknown as { barParsedAt: number }).barParsedAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    await slow.close();
    expect(seen.firstPaint).toBeGreaterThanOrEqual(seen.barParsedAt);
    expect(seen.shift).toBe(0);
  });
}
