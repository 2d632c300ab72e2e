import { expect, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { photo } from '../support/fixtures';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

test('a reporter files an anonymous report with a photo, follows it up and cancels it', async ({
  page,
  request,
}) => {
  const reporter = await registerUser(request, 'reporter');
  await loginThroughForm(page, reporter);

  await page.goto('/submit-report');
  await expect(page.getByRole('heading', { name: 'Submit a Report' })).toBeVisible();
  await expect(page.getByLabel('Submit anonymously')).toBeChecked();
  await page.getByLabel('Title').fill('Supervisor takes cash from suppliers');
  await page.getByLabel('Category').selectOption('corruption');
  await page
    .getByLabel('Detailed Description')
    .fill('Every Friday at the loading dock, envelopes change hands.');
  await page.getByLabel(/Evidence/).setInputFiles(photo);
  // Before anything is sent, the form says what the photo records and that it is removed.
  await expect(page.getByRole('status').filter({ hasText: 'This photo records' })).toHaveText(
    'This photo records where it was taken (near 48.86, 2.29), the camera (Canon EOS 5D Mark IV), a name (Jane Reporter) and the time. Candor removes all of this before storing it.',
  );
  await page.getByLabel('Mark as Priority Report').check();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'submit-report-form');

  // A slow upload, so the progress bar is on screen long enough to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 1_000_000,
    uploadThroughput: 20_000,
  });
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/Uploading evidence: \d+%/)).toBeVisible();
  await expect(page.getByText('Report submitted successfully!')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const reference = (await page.locator('h2 .font-mono').textContent()) ?? '';
  expect(reference).toMatch(/^CND-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await saveScreenshot(page, 'submit-report-confirmation');

  await page.getByRole('link', { name: 'View your report' }).click();
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  await expect(
    page.getByRole('heading', { name: 'Supervisor takes cash from suppliers' }),
  ).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
  const evidence = page.getByRole('img', { name: 'Evidence attached to this report' });
  await expect(evidence).toBeVisible();
  await expect
    .poll(() => evidence.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto('/my-reports');
  await expect(page.getByRole('heading', { name: 'My Reports' })).toBeVisible();
  const item = page
    .getByRole('listitem')
    .filter({ hasText: 'Supervisor takes cash from suppliers' });
  await expect(item.getByText('Submitted By: Anonymous')).toBeVisible();
  await expect(item.getByText('Priority')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'my-reports');

  await item.getByRole('link').click();
  await expect(page.getByRole('button', { name: '← Back to My Reports' })).toBeVisible();
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Your message').fill('I can share dates and times if needed.');
  await send.click();
  await expect(page.getByText('I can share dates and times if needed.')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'report-detail');

  await page.getByRole('button', { name: 'Cancel Report' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure you want to cancel this report? This action cannot be undone if the report status changes.',
  );
  await dialog.getByRole('button', { name: 'Cancel Report' }).click();
  await expect(page.getByText('Report cancelled successfully!')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();

  // An admin opens the anonymous report and learns nothing of who sent it.
  const reportId = Number(new URL(page.url()).searchParams.get('report'));
  const adminContext = await page.context().browser()?.newContext();
  const adminPage = await adminContext?.newPage();
  if (!adminContext || !adminPage) throw new Error('no second context');
  await loginThroughForm(adminPage, superuser);
  await adminPage.goto(`/reports/${reportId}`);
  await expect(
    adminPage.getByRole('heading', { name: 'Supervisor takes cash from suppliers' }),
  ).toBeVisible();
  await expect(adminPage.getByText('I can share dates and times if needed.')).toBeVisible();
  await expect(adminPage.getByText('Anonymous reporter')).toBeVisible();
  expect(await adminPage.locator('body').innerText()).not.toContain(reporter.username);
  await adminContext.close();
});

test('a reporter deletes a report after confirming', async ({ page, request }) => {
  const reporter = await registerUser(request, 'deleter');
  const tokens = await apiLogin(request, reporter);
  const created = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    multipart: { title: 'Filed by mistake', description: 'Please ignore.' },
  });
  expect(created.status()).toBe(201);
  const report = await created.json();

  await loginThroughForm(page, reporter);
  await page.goto(`/my-reports?report=${report.id}`);
  await page.getByRole('button', { name: 'Delete Report' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Are you sure you want to permanently delete this report? This action cannot be undone.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Report' }).click();
  await expect(page.getByText('Report permanently deleted successfully!')).toBeVisible();
  await expect(page.getByText('Filed by mistake')).toHaveCount(0);
});
