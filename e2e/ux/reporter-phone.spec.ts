import { expect, type Page, test } from '@playwright/test';
import { uniqueUsername } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { photo } from '../support/fixtures';
import { expectLoginPage } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

/** The reporter's path, screen by screen, each looked at, checked by axe and photographed. */
async function step(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `reporter-390-${name}`);
}

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('a first-time reporter on a phone writes, creates an account on the way, and follows up', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const title = `The night manager shouts at new staff ${Date.now()}`;
  const description = 'Every Friday night shift, in front of customers. Three of us have quit.';

  await page.goto('/');
  await expect(page).toHaveTitle('Candor: anonymous reporting made safe');
  await step(page, '01-landing');
  await page.getByRole('banner').getByRole('link', { name: 'Submit Report' }).tap();

  // A visitor may write first; nothing is sent before they sign in.
  await expect(page).toHaveURL(/\/submit-report$/);
  await expect(page).toHaveTitle('Submit a Report · Candor');
  // The landing page has not loaded the app for a visitor: the browser loads the form's page, and
  // focus starts at its top, as on any page the browser loads.
  await expect(page.getByText(/You are not signed in/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Report' })).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

  // An empty submit: focus goes to the summary of what is missing.
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Title: This field is required.');
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await step(page, '02-form-errors');
  await summary.getByRole('link', { name: /^Title/ }).tap();
  await expect(page.getByLabel('Title')).toBeFocused();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Detailed Description').fill(description);
  // A wrong file is removed, the right one chosen.
  await page.getByLabel(/Evidence/).setInputFiles({
    name: 'my-face.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not really a photo'),
  });
  await page.getByRole('button', { name: 'Remove file my-face.jpg' }).tap();
  await expect(page.getByText(/my-face\.jpg/)).toHaveCount(0);
  await page.getByLabel(/Evidence/).setInputFiles(photo);
  await expect(page.getByText(/photo-gps\.jpg/)).toBeVisible();
  await step(page, '03-form-filled');

  // Sending asks a visitor to sign in; they create an account instead.
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  await expect(page.getByText('You must be logged in to submit a report.')).toBeVisible();
  await expectLoginPage(page);
  await expect(page).toHaveTitle('Sign in · Candor');
  await step(page, '04-login');
  await page.getByRole('link', { name: 'Create an account' }).tap();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Create your account · Candor');
  await expect(page.getByText(/you are signed in and back on your report/)).toBeVisible();
  await page.getByLabel('Username').fill(uniqueUsername('phone'));
  await page.getByLabel('Password').fill('a-strong-passphrase');
  await step(page, '05-register');
  await page.getByRole('button', { name: 'Create Account' }).tap();
  await expect(page.getByText('Registration successful! You are signed in.')).toBeVisible();

  // Back on the form, signed in, with everything typed and the photo still there.
  await expect(page).toHaveURL(/\/submit-report$/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Detailed Description')).toHaveValue(description);
  await expect(page.getByText(/photo-gps\.jpg/)).toBeVisible();
  await expect(page.getByText(/You are not signed in/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await step(page, '06-back-on-form');

  // The connection drops: the reporter is told plainly, and nothing is lost.
  await page.route('**/api/reports/', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  await expect(
    page.getByText('Your report was not sent. Nothing you typed was lost. Try again.'),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await step(page, '07-not-sent');
  await page.unroute('**/api/reports/');
  await page.getByRole('button', { name: 'Submit Report' }).tap();
  await expect(page.getByText('Report submitted successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Report submitted · Candor');
  await step(page, '08-submitted');

  // My Reports: a tap anywhere on the card opens the report.
  await page.goto('/my-reports');
  await expect(page).toHaveTitle('My Reports · Candor');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await step(page, '09-my-reports');
  const box = await card.boundingBox();
  if (!box) throw new Error('no card');
  await page.touchscreen.tap(box.x + box.width - 20, box.y + box.height - 12);
  await expect(page).toHaveURL(/\/my-reports\?report=\d+$/);
  await expect(page).toHaveTitle('Report details · Candor');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();

  // Sending a message moves focus to it in the thread.
  await page.getByLabel('Your message').fill('I can give dates if that helps.');
  await page.getByRole('button', { name: 'Send Message' }).tap();
  await expect(page.getByRole('listitem').filter({ hasText: 'I can give dates' })).toBeFocused();
  expect(await focusedText(page)).toContain('I can give dates if that helps.');
  await step(page, '10-report');
  await context.close();
});
