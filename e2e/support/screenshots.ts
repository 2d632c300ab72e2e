import path from 'node:path';
import type { Page } from '@playwright/test';

export const screenshotDir = path.join(import.meta.dirname, '..', 'output', 'screenshots');

/** Full-page screenshot saved under e2e/output/screenshots/<name>.png for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  // From the top, so the fixed bar is drawn where it sits rather than where the page was scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
