import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, type E2eUser, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { photo } from '../support/fixtures';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { expectNoSidewaysScroll, expectThumbSizedTargets } from '../support/targets';

const phone = { width: 390, height: 844 };

async function phonePage(browser: Browser, user?: E2eUser): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  if (user) await loginThroughForm(page, user);
  return page;
}

/** Each page at 390 px: every tappable control 44 px or more, no sideways scroll, axe clean. */
async function checkPhonePage(page: Page, name: string) {
  await expectThumbSizedTargets(page);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `phone-${name}`);
}

test('landing, login and register: every control is thumb-sized at 390 px', async ({ browser }) => {
  const page = await phonePage(browser);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The whole FAQ row opens its answer, not only the words of the question.
  const question = page.getByText('Who can see my report?', { exact: true });
  await expect(question).toBeVisible();
  await checkPhonePage(page, 'landing');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await checkPhonePage(page, 'landing-menu');
  await page.getByRole('button', { name: 'Close menu' }).click();

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await checkPhonePage(page, 'login');

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await checkPhonePage(page, 'register');
  await page.context().close();
});

test('submit, My Reports and the report page: every control is thumb-sized at 390 px', async ({
  browser,
  request,
}) => {
  const reporter = await registerUser(request, 'thumb');
  const tokens = await apiLogin(request, reporter);
  const longWord = `Unbroken${'x'.repeat(120)}`;
  const created = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    multipart: {
      title: `Broken fire door ${longWord}`,
      description: `The fire door on floor 2 is chained. ${longWord}`,
      category: 'other',
      priority_flag: 'true',
      file_upload: {
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await readFile(photo),
      },
    },
  });
  expect(created.status()).toBe(201);
  const report = await created.json();
  const reply = await request.post(`/api/reports/${report.id}/comments/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: { message: `Still chained today. ${longWord}` },
  });
  expect(reply.status()).toBe(201);

  const page = await phonePage(browser, reporter);
  await page.goto('/submit-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Submit a Report' })).toBeVisible();
  await page.getByLabel(/Evidence/).setInputFiles(photo);
  await checkPhonePage(page, 'submit-report');

  await page.goto('/my-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reports' })).toBeVisible();
  await expect(page.getByText(/Broken fire door/)).toBeVisible();
  await checkPhonePage(page, 'my-reports');

  await page.goto(`/reports/${report.id}`);
  await expect(page.getByRole('link', { name: 'View File' })).toBeVisible();
  await checkPhonePage(page, 'report-detail');
  await page.context().close();
});

test('the admin dashboard: every control is thumb-sized at 390 px', async ({
  browser,
  request,
}) => {
  const reporter = await registerUser(request, 'thumbadmin');
  const tokens = await apiLogin(request, reporter);
  const created = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    multipart: { title: 'Leaking gas pipe', description: 'Smells of gas near the boiler.' },
  });
  expect(created.status()).toBe(201);

  const page = await phonePage(browser, superuser);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Command Center' })).toBeVisible();
  await expect(page.getByText('Leaking gas pipe').first()).toBeVisible();
  await checkPhonePage(page, 'admin-dashboard');
  await page.context().close();
});

test('reporting without an account: the form, the receipt and /track are thumb-sized at 390 px', async ({
  browser,
}) => {
  const page = await phonePage(browser);
  await page.goto('/report');
  await expect(page.getByLabel('Title')).toBeVisible();
  await checkPhonePage(page, 'intake-form');
  await page.getByLabel('Title').fill('Receipts on a phone');
  await page.getByLabel('Detailed Description').fill('Written with one thumb on the way home.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('heading', { name: 'Your receipt' })).toBeVisible();
  const receipt = (
    (await page.locator('p.font-mono span[aria-hidden="true"]').textContent()) ?? ''
  ).trim();
  expect(receipt).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  await checkPhonePage(page, 'intake-receipt');
  await page.getByLabel('I have saved my receipt').check();
  await page.getByRole('button', { name: 'Done' }).click();

  await page.goto('/track');
  await expect(page.getByRole('heading', { name: 'Track a report' })).toBeVisible();
  await checkPhonePage(page, 'track-form');
  await page.getByLabel('Receipt').fill(receipt);
  await page.getByRole('button', { name: 'Open my report' }).click();
  await expect(page.getByText('Receipts on a phone')).toBeVisible();
  await checkPhonePage(page, 'track-report');
  await page.context().close();
});
