import { expect, test } from '@playwright/test';
import { holdRequests } from '../support/hold';

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
