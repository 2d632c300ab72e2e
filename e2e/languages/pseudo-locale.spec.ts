import { languageNames } from '@candor/contract/languages';
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, registerUser } from '../support/api';
import { loginThroughForm } from '../support/login';
import { createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';
import { overflowsScreen, plainTexts } from '../support/words';

/**
 * The main pages drawn in the pseudo-locale (docs/languages.md): every text a catalogue gives is
 * accented and 40% longer. On a 390 px phone nothing may reach past the screen, and no plain
 * English may be left: a text still written in a component shows up as ASCII letters.
 */
const PHONE = { width: 390, height: 844 };
/** What the page may show in plain letters: the brand, the data this test wrote, English dates. */
const dates =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|at|am|pm|AM|PM|UTC)\b/g;

/** What each page got wrong, all pages visited before the test says so. */
const problems: unknown[] = [];

async function expectPseudoPage(page: Page, path: string, allowed: (string | RegExp)[]) {
  await page.goto(`/en-XA${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.locator('main h1').first()).toBeVisible();
  // The page is the app's, drawn in the pseudo-locale: its words are in brackets.
  await expect(page.locator('main')).toContainText('[');
  await page.waitForLoadState('networkidle');
  const { wide, outside } = await overflowsScreen(page);
  if (wide) problems.push({ path, overflows: outside });
  const plain = await plainTexts(page, [...allowed, 'Candor', dates]);
  if (plain.length > 0) problems.push({ path, plain });
  await saveScreenshot(page, `pseudo-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}`);
}

test('the main pages in the pseudo-locale fit a 390 px phone and hold no text outside the catalogues', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // Data written in accented letters, so it never passes for a catalogue's text left plain.
  const title = 'Ŕéþöŕţ ţíţĺé ƒöŕ ţĥé þšéúðö ĺöçáĺé';
  const organization = await createOrganization(request, 'Óŕĝáñíšáţíöñ');
  const reporter = await registerUser(request, 'pseudo');
  const tokens = await apiLogin(request, reporter);
  const created = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    multipart: { title, description: 'Ðéšçŕíþţíöñ ŵŕíţţéñ íñ ţĥé ţéšţ.', category: 'harassment' },
  });
  expect(created.status()).toBe(201);
  const report = await created.json();
  const allowed = [
    reporter.username,
    organization.admin.username,
    organization.name,
    /https?:\/\/\S+/g,
    // The site's contact details, as its operator set them.
    /\S+@\S+/g,
    /Mon-Fri 9 AM - 5 PM/g,
    // A report's reference, and each language named in itself (the switcher), as they are.
    /CND(-[A-Z0-9]{4})+/g,
    ...Object.values(languageNames),
    /^en$/g,
  ];

  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  for (const path of [
    '/',
    '/report',
    `/o/${organization.slug}/report`,
    '/track',
    '/verify',
    '/login',
    '/register',
    '/forgot-password',
    '/become-admin',
    '/contact-us',
    '/about',
    '/privacy',
  ]) {
    await expectPseudoPage(visitor, path, allowed);
  }

  const member = await (await browser.newContext({ viewport: PHONE })).newPage();
  await loginThroughForm(member, reporter);
  for (const path of ['/submit-report', '/my-reports', `/reports/${report.id}`, '/profile']) {
    await expectPseudoPage(member, path, allowed);
  }

  const admin = await (await browser.newContext({ viewport: PHONE })).newPage();
  await loginThroughForm(admin, organization.admin);
  for (const path of ['/admin-dashboard', '/profile']) {
    await expectPseudoPage(admin, path, allowed);
  }
  expect(problems).toEqual([]);
});
