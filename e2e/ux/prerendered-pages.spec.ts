import { type Browser, expect, type Page, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { holdAppEntry } from '../support/hold';
import { expectTakenOver } from '../support/takeover';

/**
 * Public pages are drawn at build time (apps/web/scripts/prerender.mjs): the server sends each
 * with its content, and the app takes it over in the browser (hydration) without drawing it again.
 */
const pages: [path: string, heading: string][] = [
  ['/', 'Anonymous Reporting Made Safe'],
  ['/about', 'About Candor'],
  ['/login', 'Sign in'],
  ['/register', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/become-admin', 'Become an Admin'],
  ['/contact-us', 'Contact Us'],
  ['/submit-report', 'Submit a Report'],
  ['/report', 'Report without an account'],
  ['/track', 'Track a report'],
  ['/verify', 'Check a certificate'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/cookies', 'Cookie Policy'],
  ['/security', 'Security'],
];

/** Every console error or warning and every uncaught error (React reports a mismatch so). */
function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

type Tokens = { access: string; refresh: string };

/** A browser holding `tokens`, as the app keeps them (none: a visitor). */
async function openAs(browser: Browser, tokens?: Tokens) {
  const context = await browser.newContext();
  if (tokens) {
    await context.addInitScript((pair) => {
      localStorage.setItem('accessToken', pair.access);
      localStorage.setItem('refreshToken', pair.refresh);
    }, tokens);
  }
  return context;
}

for (const [path, heading] of pages) {
  test(`${path} arrives drawn and is taken over without a mismatch`, async ({
    browser,
    request,
  }) => {
    // As sent, before any script runs.
    const sent = await request.get(path);
    expect(sent.status()).toBe(200);
    const html = await sent.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace('?', '\\?')}</h1>`));
    expect(html).not.toContain('<div id="root"></div>');

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = collectProblems(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/') {
      // The landing page needs no app for a visitor: only its own small script runs.
      const hasApp = await page.evaluate(() => {
        const root = document.getElementById('root');
        return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      });
      expect(hasApp).toBe(false);
    } else {
      await expectTakenOver(page);
    }
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('an address no route matches answers 404 with the "Page not found" page drawn', async ({
  page,
  request,
}) => {
  const sent = await request.get('/no-such-page-here');
  expect(sent.status()).toBe(404);
  expect(await sent.text()).toContain('Page not found</h1>');
  const problems = collectProblems(page);
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectTakenOver(page);
  // The browser reports the 404 answer itself as a console error: that one is expected.
  expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
});

test('the landing page loads the app for a signed-in visitor, whose links it then shows', async ({
  browser,
  request,
}) => {
  const user = await registerUser(request, 'landing');
  const context = await openAs(browser, await apiLogin(request, user));
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Reports' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expectTakenOver(page);
  expect(problems).toEqual([]);
  await context.close();
});

test('the landing page menu opens and closes on a phone without the app', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const problems = collectProblems(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  // Following one of its anchors closes it.
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/#faq$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  expect(problems).toEqual([]);
  await context.close();
});

test('a form sent before the app has loaded puts nothing in the address', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The app never arrives: the page stays as the server drew it.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password').fill('a-secret-passphrase');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  await signIn.click({ force: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  expect(page.url()).not.toContain('secret');
  await context.close();

  // Sent anyway (by hand, as a POST), the server answers JSON and shows the page to no one.
  const posted = await request.post('/login', {
    form: { username: 'someone', password: 'a-secret-passphrase' },
  });
  expect(posted.status()).toBeGreaterThanOrEqual(400);
  expect(posted.status()).toBeLessThan(500);
  expect(await posted.json()).toHaveProperty('detail');
});

for (const path of ['/login', '/contact-us', '/report']) {
  test(`${path} asks for the app's files only once it is on screen`, async ({ page }) => {
    await page.goto(path);
    await expectTakenOver(page);
    const { shown, requests } = await page.evaluate(() => ({
      shown: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      requests: performance
        .getEntriesByType('resource')
        .filter(
          (entry) => /\/assets\/.*\.js$/.test(entry.name) && !entry.name.includes('after-paint'),
        )
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    expect(shown).toBeGreaterThan(0);
    expect(requests.map((request) => request.name).join(' ')).toMatch(/\/assets\/index-/);
    // Nothing but the page's small first script shares the network with its first paint.
    for (const request of requests)
      expect(request.startTime, request.name).toBeGreaterThanOrEqual(shown as number);
  });
}

test('someone typing into a field as the app takes the page over keeps typing into it', async ({
  page,
}) => {
  // The app's entry is held back until the visitor is typing in the pre-rendered form.
  const entry = await holdAppEntry(page);
  await page.goto('/submit-report');
  const title = page.getByLabel('Title');
  await title.click();
  await page.keyboard.type('Bullying ');
  entry.release();
  // Enabled once the app has taken the form over; the field kept focus meanwhile.
  await expect(page.getByRole('button', { name: 'Submit Report' })).toBeEnabled();
  await expect(title).toBeFocused();
  await page.keyboard.type('in year 9');
  await expect(title).toHaveValue('Bullying in year 9');
});

test('the app takes a page over without moving focus: a keyboard goes on from where it was', async ({
  page,
}) => {
  const entry = await holdAppEntry(page);
  await page.goto('/submit-report');
  await page.getByLabel('Title').fill('Bullying in year 9');
  // Between two fields, focus rests on the page itself, as after a click on its text.
  await page.getByLabel('Title').blur();
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expect.poll(entry.asked).toBe(true);
  entry.release();
  await expect(page.getByRole('button', { name: 'Submit Report' })).toBeEnabled();
  // Focus was not moved to the page's main region or its heading: Tab goes on to the next field.
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Category')).toBeFocused();
});

test('a signed-in person is not told they are signed out while the app is on its way', async ({
  browser,
  request,
}) => {
  const user = await registerUser(request, 'stored');
  const tokens = await apiLogin(request, user);
  const notice = (page: Page) => page.getByText(/You are not signed in/);
  const loginLink = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' });

  // The app's entry never arrives: the page stays as the server drew it, for a visitor.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.route('**/assets/index-*.js', (route) => route.abort());
  await visitorPage.goto('/submit-report');
  await expect(notice(visitorPage)).toBeVisible();
  await expect(loginLink(visitorPage)).toBeVisible();
  await visitor.close();

  const signedIn = await openAs(browser, tokens);
  const waiting = await signedIn.newPage();
  const waitingProblems = collectProblems(waiting);
  // No script file arrives at all: the page's own inline script marks the session, before the
  // first paint, and the CSP lets it run.
  await waiting.route('**/assets/*.js', (route) => route.abort());
  await waiting.goto('/submit-report');
  await expect(waiting.locator('html')).toHaveAttribute('data-session', 'stored');
  await expect(notice(waiting)).toBeHidden();
  await expect(loginLink(waiting)).toBeHidden();
  // The hidden notice takes no room either: the form does not jump up when the app removes it.
  const titleTop = async (on: Page) => (await on.getByLabel('Title').boundingBox())?.y;
  const topBeforeTheApp = await titleTop(waiting);
  expect(topBeforeTheApp).toBeDefined();
  expect(waitingProblems.filter((problem) => /Content Security Policy/i.test(problem))).toEqual([]);

  // Once the app has the page, it shows the person's own links and the mark is gone.
  const page = await signedIn.newPage();
  const problems = collectProblems(page);
  await page.goto('/submit-report');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Reports' }),
  ).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-session', 'stored');
  await expect(notice(page)).toHaveCount(0);
  await expect(loginLink(page)).toHaveCount(0);
  expect(await titleTop(page)).toBe(topBeforeTheApp);
  expect(problems).toEqual([]);
  await signedIn.close();
});

test.describe('the admin dashboard, whose frame is drawn at build time', () => {
  const frameHeading = (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Admin Command Center' });

  /**
   * `check`s the dashboard as the server drew it to a browser holding `tokens` (none: a
   * visitor): the app's entry never arrives.
   */
  async function beforeTheApp(
    browser: Browser,
    tokens: Tokens | undefined,
    check: (page: Page) => Promise<void>,
  ) {
    const context = await openAs(browser, tokens);
    try {
      const page = await context.newPage();
      await page.route('**/assets/index-*.js', (route) => route.abort());
      await page.goto('/admin-dashboard');
      await check(page);
    } finally {
      await context.close();
    }
  }

  /** A page, with the app, in a new browser holding `tokens`; its problems are collected. */
  async function withTheApp(browser: Browser, tokens?: Tokens) {
    const context = await openAs(browser, tokens);
    const page = await context.newPage();
    return { page, problems: collectProblems(page), close: () => context.close() };
  }

  test('is sent with its heading and the places of its panels, and no data', async ({
    request,
  }) => {
    const sent = await request.get('/admin-dashboard');
    expect(sent.status()).toBe(200);
    const html = await sent.text();
    expect(html).toMatch(/<h1[^>]*>Admin Command Center<\/h1>/);
    expect(html).toContain('data-admin-frame');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('Reports</h2>');
    // No list and no figures: only the places they will take.
    expect(main).not.toMatch(/<(li|ul|table|form)\b/);
  });

  test('a visitor is not shown the frame and ends at the login page, no data asked for', async ({
    browser,
  }) => {
    await beforeTheApp(browser, undefined, async (page) => {
      await expect(page.locator('html')).not.toHaveAttribute('data-session-role', 'admin');
      await expect(frameHeading(page)).toBeHidden();
    });

    const { page, problems, close } = await withTheApp(browser);
    const adminCalls: string[] = [];
    page.on('request', (call) => {
      if (new URL(call.url()).pathname.startsWith('/api/admin/')) adminCalls.push(call.url());
    });
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(adminCalls).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  test('a signed-in member is not shown the frame and is sent home, as before', async ({
    browser,
    request,
  }) => {
    const tokens = await apiLogin(request, await registerUser(request, 'frame'));
    await beforeTheApp(browser, tokens, async (page) => {
      await expect(page.locator('html')).toHaveAttribute('data-session', 'stored');
      await expect(frameHeading(page)).toBeHidden();
    });

    const { page, problems, close } = await withTheApp(browser, tokens);
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(frameHeading(page)).toHaveCount(0);
    expect(problems).toEqual([]);
    await close();
  });

  test('an admin sees the frame from the HTML, then the app takes it over without a mismatch', async ({
    browser,
    request,
  }) => {
    const tokens = await apiLogin(request, superuser);
    await beforeTheApp(browser, tokens, async (page) => {
      await expect(page.locator('html')).toHaveAttribute('data-session-role', 'admin');
      await expect(frameHeading(page)).toBeVisible();
    });

    const { page, problems, close } = await withTheApp(browser, tokens);
    await page.goto('/admin-dashboard');
    await expect(frameHeading(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
    await expect(page.getByText('Loading reports...')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expectTakenOver(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-session-role', 'admin');
    await expect(page.locator('[data-admin-frame]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await close();
  });
});
