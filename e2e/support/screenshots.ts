import path from 'node:path';
import type { Page } from '@playwright/test';

export const screenshotDir = path.join(import.meta.dirname, '..', 'output', 'screenshots');

/** Full-page screenshot saved under e2e/output/screenshots/<name>.png for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
