import type { Page } from '@playwright/test';

/**
 * Holds back every request matching `pattern` until `release()`, to see a page before what it
 * waits for arrives; `asked()` tells whether the page has asked for it yet.
 */
export async function holdRequests(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(pattern, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** The app's entry, held back: a pre-rendered page stays as the build drew it until `release()`. */
export const holdAppEntry = (page: Page) => holdRequests(page, '**/assets/index-*.js');
