import type { Page } from '@playwright/test';

/**
 * The app has taken a pre-rendered page over: React keeps its own record on each node it
 * hydrates. Until then the page is the build's HTML, and the app's own work (and what it may run
 * into) has not happened yet.
 */
export async function expectTakenOver(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}
