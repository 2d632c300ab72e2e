import { type Browser, expect, type Page, test } from '@playwright/test';
import { chunkPattern, PROOF_OF_WORK_WORKER } from '../support/chunks';
import { holdRequests } from '../support/hold';
import { createOrganization } from '../support/organization';

/**
 * A failure is never silent (issue: the reporter's path, point 3): on each page a reporter sends
 * from, a part that fails to load, a connection that is refused, and an answer that takes 20 s.
 */

const STOPPED =
  'You stopped waiting. Nothing you typed was lost. Send it again when you are ready.';
const STILL_TRYING = /Still trying to reach Candor/;

type Form = {
  path: string;
  /** Fills the form with what must survive. */
  fill(page: Page): Promise<void>;
  /** Checks it is all still there. */
  kept(page: Page): Promise<void>;
  submit: string;
  /** The request that sends it. */
  sends: string;
  /** A chunk sending needs, loaded on demand; none when everything comes before submitting. */
  chunk: string | null;
  /** What a refused connection or a failed part says. */
  notSent: RegExp;
};

const reportForm = (path: string): Form => ({
  path,
  async fill(page) {
    await page.getByLabel('Title').fill('Broken fire door on level 2');
    await page.getByLabel('Detailed Description').fill('Propped open with a chair every night.');
  },
  async kept(page) {
    await expect(page.getByLabel('Title')).toHaveValue('Broken fire door on level 2');
    await expect(page.getByLabel('Detailed Description')).toHaveValue(
      'Propped open with a chair every night.',
    );
  },
  submit: 'Submit Report',
  sends: '**/api/intake/**',
  chunk: PROOF_OF_WORK_WORKER,
  notSent: /Your report was not sent\. Nothing you typed was lost\. Try again\./,
});

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

async function open(page: Page, form: Form) {
  await page.goto(form.path);
  // The app has taken over the page: its submit button is on.
  await expect(page.getByRole('button', { name: form.submit })).toBeEnabled();
  await form.fill(page);
}

async function checkForm(browser: Browser, form: Form) {
  // A part that cannot be loaded.
  if (form.chunk) {
    const { context, page } = await phone(browser);
    await page.route(form.chunk, (route) => route.abort('failed'));
    await open(page, form);
    await page.getByRole('button', { name: form.submit }).tap();
    await expect(page.getByRole('alert').filter({ hasText: form.notSent })).toBeVisible();
    await form.kept(page);
    await context.close();
  }

  // A refused connection.
  {
    const { context, page } = await phone(browser);
    await open(page, form);
    await page.route(form.sends, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: form.submit }).tap();
    await expect(page.getByRole('alert').filter({ hasText: form.notSent })).toBeVisible();
    await form.kept(page);
    await context.close();
  }

  // An answer that takes 20 seconds: the page says it is still trying, and stopping keeps all.
  {
    const { context, page } = await phone(browser);
    await page.clock.install();
    await open(page, form);
    const held = await holdRequests(page, form.sends);
    await page.getByRole('button', { name: form.submit }).tap();
    await expect.poll(held.asked).toBe(true);
    await expect(page.getByText(STILL_TRYING)).toHaveCount(0);
    await page.clock.fastForward(16_000);
    await expect(page.getByText(STILL_TRYING)).toBeVisible();
    await page.getByRole('button', { name: 'Stop waiting' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: STOPPED })).toBeVisible();
    await expect(page.getByText(STILL_TRYING)).toHaveCount(0);
    await form.kept(page);
    held.release();
    await context.close();
  }
}

test('no failure is silent on /report and /o/{slug}/report', async ({ browser, request }) => {
  const organization = await createOrganization(request, 'Quayside Works');
  await checkForm(browser, reportForm('/report'));
  await checkForm(browser, reportForm(`/o/${organization.slug}/report`));
});

test('no failure is silent on /track, /login and /contact-us', async ({ browser }) => {
  await checkForm(browser, {
    path: '/track',
    fill: (page) => page.getByLabel('Receipt').fill('1234 5678 9012 3456'),
    kept: (page) => expect(page.getByLabel('Receipt')).toHaveValue('1234 5678 9012 3456'),
    submit: 'Open my report',
    sends: '**/api/track/session/',
    // Its check is part of the page, loaded before the button is on.
    chunk: null,
    notSent: /The page could not reach Candor\. Please try again\./,
  });
  await checkForm(browser, {
    path: '/login',
    fill: async (page) => {
      await page.getByLabel('Username').fill('someone');
      await page.getByLabel('Password').fill('a-long-passphrase');
    },
    kept: async (page) => {
      await expect(page.getByLabel('Username')).toHaveValue('someone');
      await expect(page.getByLabel('Password')).toHaveValue('a-long-passphrase');
    },
    submit: 'Sign In',
    sends: '**/api/accounts/login/',
    chunk: chunkPattern('accounts'),
    notSent: /could not (reach Candor|be loaded)\. Nothing you typed was lost/,
  });
  await checkForm(browser, {
    path: '/contact-us',
    fill: async (page) => {
      await page.getByLabel('Name').fill('A reader');
      await page.getByLabel('Subject').fill('A question');
      await page.getByLabel('Message').fill('How long are reports kept?');
    },
    kept: (page) => expect(page.getByLabel('Message')).toHaveValue('How long are reports kept?'),
    submit: 'Send Message',
    sends: '**/api/contact/',
    chunk: chunkPattern('contact'),
    notSent: /(was not sent|could not be loaded)\. Nothing you typed was lost/,
  });
});
