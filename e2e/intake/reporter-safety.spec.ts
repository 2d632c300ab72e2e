import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { photo } from '../support/fixtures';
import { createOrganization } from '../support/organization';
import { phone as phoneWithDownloads } from '../support/phone';
import { saveScreenshot } from '../support/screenshots';
import { expectTakenOver } from '../support/takeover';

const LEAVE_DRAFT = /Leave this page\? Your report has not been sent/;
const LEAVE_RECEIPT = /Leave without your receipt\?/;
const NEUTRAL_SITE = 'https://www.bbc.com/weather';

async function phone(browser: Browser) {
  const opened = await phoneWithDownloads(browser);
  // The neutral site "Leave quickly" goes to, answered here: the test runs offline.
  await opened.context.route(`${NEUTRAL_SITE}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><h1>Weather</h1>' }),
  );
  return opened;
}

/** Answers the next dialog (the leave question) and tells what it asked. */
function answerDialog(page: Page, accept: boolean) {
  return new Promise<{ type: string; message: string }>((resolve) => {
    page.once('dialog', async (dialog) => {
      const asked = { type: dialog.type(), message: dialog.message() };
      await (accept ? dialog.accept() : dialog.dismiss());
      resolve(asked);
    });
  });
}

const banner = (page: Page) => page.getByRole('banner');

test('on a phone, nothing typed or given is lost to a stray tap, and the page leaves no trace', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const organization = await createOrganization(request, 'Harbour Clinic');
  const { context, page } = await phone(browser);
  const title = 'The ward manager changes the rota to punish people';
  const description = 'Since March, whoever complains gets the night shifts.';

  // Point 9: the tab does not name the organisation; the page does.
  await page.goto(`/o/${organization.slug}/report`);
  await expect(page.getByRole('heading', { name: `Report to ${organization.name}` })).toBeVisible();
  await expect(page).toHaveTitle('Report without an account · Candor');
  // Point 1: no second submit in the header; point 9: a way to leave quickly.
  await expect(banner(page).getByRole('link', { name: 'Submit Report' })).toHaveCount(0);
  await expect(banner(page).getByRole('link', { name: 'Leave quickly' })).toBeVisible();
  // Point 8: advice before the form, claiming no more than is true.
  const advice = page.getByRole('region', { name: 'Staying safe' });
  await expect(advice).toContainText('not the work Wi-Fi or VPN');
  await expect(advice).toContainText('leave out details that only you could know');
  await expect(advice).toContainText('cannot hide your visit from a network that watches it');
  await expect(advice.getByRole('link', { name: 'More on staying safe' })).toHaveAttribute(
    'href',
    '/security#staying-safe',
  );
  // Point 6: the phone menu leads to both no-account pages.
  await banner(page).getByRole('button', { name: 'Open menu' }).tap();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Report without an account' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Track a report' })).toBeVisible();
  await banner(page).getByRole('button', { name: 'Close menu' }).tap();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'reporter-safety-390-01-intake');

  // Point 1: the form says where the draft is kept.
  await expect(page.getByText(/kept in this tab's memory only/)).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Detailed Description').fill(description);
  await page.getByLabel(/Evidence/).setInputFiles(photo);

  // The logo asks first; staying keeps everything.
  let asked = answerDialog(page, false);
  await banner(page).getByRole('link', { name: 'Candor' }).tap();
  expect((await asked).message).toMatch(LEAVE_DRAFT);
  await expect(page).toHaveURL(new RegExp(`/o/${organization.slug}/report$`));
  await expect(page.getByLabel('Title')).toHaveValue(title);

  // A footer link, accepted; Back finds the draft, file included, and Forward and Back again.
  asked = answerDialog(page, true);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).tap();
  expect((await asked).message).toMatch(LEAVE_DRAFT);
  await expect(page).toHaveURL(/\/privacy$/);
  await page.goBack();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Detailed Description')).toHaveValue(description);
  await expect(page.getByText(/photo-gps\.jpg/)).toBeVisible();
  asked = answerDialog(page, true);
  await page.goForward();
  expect((await asked).message).toMatch(LEAVE_DRAFT);
  await expect(page).toHaveURL(/\/privacy$/);
  await page.goBack();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  // Never in the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain('ward manager');

  // Closing the tab asks too (the browser's own question).
  asked = answerDialog(page, false);
  await page.close({ runBeforeUnload: true });
  expect((await asked).type).toBe('beforeunload');
  await expect(page.getByLabel('Title')).toHaveValue(title);

  // Sent: the receipt, with when to expect an answer and the same advice.
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveTitle('Report submitted · Candor');
  const expected = page.getByRole('region', { name: 'When to expect an answer' });
  await expect(expected).toContainText(/Acknowledgement of receipt\s*by \d{1,2} [A-Z][a-z]+ \d{4}/);
  await expect(expected).toContainText(
    /Feedback on what is being done\s*by \d{1,2} [A-Z][a-z]+ \d{4}/,
  );
  await expect(page.getByRole('region', { name: 'Staying safe' })).toBeVisible();
  // Point 9: a neutral file name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a text file' }).tap();
  expect((await download).suggestedFilename()).toBe('receipt.txt');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'reporter-safety-390-02-receipt');

  // Point 2: until it is saved, the logo, the menu, the footer and Back all ask first.
  asked = answerDialog(page, false);
  await banner(page).getByRole('link', { name: 'Candor' }).tap();
  expect((await asked).message).toMatch(LEAVE_RECEIPT);
  await banner(page).getByRole('button', { name: 'Open menu' }).tap();
  asked = answerDialog(page, false);
  await menu.getByRole('link', { name: 'Track a report' }).tap();
  expect((await asked).message).toMatch(LEAVE_RECEIPT);
  asked = answerDialog(page, false);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).tap();
  expect((await asked).message).toMatch(LEAVE_RECEIPT);
  // Forward (to the privacy page, within the app) and Back (out of the app) ask too. As the
  // browser's buttons do it: Playwright's goBack would wait for a move that is refused.
  asked = answerDialog(page, false);
  await page.evaluate(() => window.history.forward());
  expect((await asked).message).toMatch(LEAVE_RECEIPT);
  await expect(page).toHaveURL(new RegExp(`/o/${organization.slug}/report$`));
  asked = answerDialog(page, false);
  await page.evaluate(() => window.history.back());
  expect((await asked).type).toBe('beforeunload');
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/o/${organization.slug}/report$`));

  // Ticked: Done keeps focus on what follows, and leaving asks nothing any more.
  await page.getByLabel('I have saved my receipt').check();
  await page.getByRole('button', { name: 'Done' }).tap();
  await expect(page.locator(':focus')).toContainText('Your report is with its administrators.');
  page.on('dialog', (dialog) => {
    throw new Error(`Asked after the receipt was saved: ${dialog.message()}`);
  });
  // Point 15: Track a report is a link.
  await page.getByRole('main').getByRole('link', { name: 'Track a report' }).tap();
  await expect(page).toHaveURL(/\/track$/);
  await context.close();
});

test('Leave quickly replaces the page with a neutral one, from the button or Escape twice', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  // On a slow phone the app has not arrived yet: the page drawn at build time leaves all the same.
  const heldBack = '**/assets/index-*.js';
  await context.route(heldBack, () => {});
  await page.goto('/privacy');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Report without an account' })
    .tap();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page).toHaveTitle('Report without an account · Candor');
  await page.getByLabel('Title').fill('Something I do not want seen');
  // Escape twice: gone, without a question, and Back does not return to the report.
  page.on('dialog', (dialog) => {
    throw new Error(`Leaving quickly asked: ${dialog.message()}`);
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy$/);

  // With the app, a draft being written asks before leaving, but never before leaving quickly.
  await context.unroute(heldBack);
  await page.goto('/report');
  await expectTakenOver(page);
  await page.getByLabel('Title').fill('Something I do not want seen');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy$/);

  // The button, on /track.
  await page.goto('/track');
  // The app has taken the pre-rendered page over.
  await expect(page.getByRole('button', { name: 'Open my report' })).toBeEnabled();
  await banner(page).getByRole('link', { name: 'Leave quickly' }).tap();
  await expect(page).toHaveURL(NEUTRAL_SITE);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy$/);
  await context.close();
});

test('a /track session shows its time, warns before it ends, and the answer outlives it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await phone(browser);
  await page.clock.install();
  await page.goto('/report');
  await expect(page.getByRole('button', { name: 'Submit Report' })).toBeEnabled();
  await page.getByLabel('Title').fill('Timesheets changed after sign-off');
  await page.getByLabel('Detailed Description').fill('Hours are removed every month end.');
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible({
    timeout: 30_000,
  });
  const receipt = (
    (await page.locator('p.font-mono span[aria-hidden="true"]').textContent()) ?? ''
  ).trim();
  await page.getByLabel('I have saved my receipt').check();
  await page.getByRole('button', { name: 'Done' }).tap();
  await page.getByRole('main').getByRole('link', { name: 'Track a report' }).tap();

  const openReport = async () => {
    await page.getByLabel('Receipt').fill(receipt);
    await page.getByRole('button', { name: 'Open my report' }).tap();
    await expect(
      page.getByRole('heading', { name: 'Timesheets changed after sign-off' }),
    ).toBeVisible();
  };
  await openReport();
  await expect(page.getByText(/This session ends in 30 minutes/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'reporter-safety-390-03-track');
  const answer = 'It happened again on the 30th, to three of us.';
  await page.getByLabel('Your message').fill(answer);

  // Two minutes before the end, a warning; at the end, back to the receipt, the answer kept.
  await page.clock.fastForward('28:01');
  await expect(
    page.getByRole('alert').filter({ hasText: /session ends in 2 minutes/ }),
  ).toBeVisible();
  await page.clock.fastForward('02:00');
  await expect(page.locator(':focus')).toContainText('Your tracking session has ended');
  await openReport();
  await expect(page.getByLabel('Your message')).toHaveValue(answer);

  // Point 14: leaving and forgetting keeps focus on what follows.
  await page.getByRole('button', { name: 'Leave and forget this report' }).tap();
  await expect(page.locator(':focus')).toContainText('You left your report');
  await context.close();
});
