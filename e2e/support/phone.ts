import type { Browser } from '@playwright/test';

/** A 390 px touch phone that keeps downloads (the receipt), with a page open in it. */
export async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    acceptDownloads: true,
  });
  return { context, page: await context.newPage() };
}
