import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { photo } from '../support/fixtures';
import { loginThroughForm } from '../support/login';
import { createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

test('a visitor reports from a poster link without an account, keeps the receipt, and follows up at /track', async ({
  browser,
  request,
}) => {
  // The whole path, three browsers, on a shared 2-core machine.
  test.setTimeout(360_000);
  // An organisation and its administrator, approved by the superuser.
  const {
    name: organizationName,
    slug,
    admin: applicant,
    adminHeaders,
  } = await createOrganization(request);

  // The administrator's profile: the link and its QR code, for a poster.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginThroughForm(admin, applicant);
  await admin.goto('/profile');
  await expect(
    admin.getByRole('heading', { name: `Reporting link for ${organizationName}` }),
  ).toBeVisible();
  await expect(admin.getByText(`/o/${slug}/report`)).toBeVisible();
  await expect(admin.getByRole('img', { name: /QR code that opens/ })).toBeVisible();
  await expect(
    admin.getByRole('switch', { name: 'Accept reports without an account' }),
  ).toBeChecked();
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, 'intake-profile-link');

  // A visitor, in a browser of their own, opens the poster link and files with a photo.
  const visitorContext = await browser.newContext({ acceptDownloads: true });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/o/${slug}/report`);
  await expect(
    visitor.getByRole('heading', { name: `Report to ${organizationName}` }),
  ).toBeVisible();
  await expect(visitor.getByText("this organisation's administrators")).toBeVisible();
  await expect(visitor.getByLabel('Submit anonymously')).toHaveCount(0);
  await expectNoAxeViolations(visitor);
  await saveScreenshot(visitor, 'intake-form');
  await visitor.getByLabel('Title').fill('Forklift keys left in the ignition');
  await visitor.getByLabel('Category').selectOption('other');
  await visitor
    .getByLabel('Detailed Description')
    .fill('Night shift leaves the keys in; someone will get hurt.');
  await visitor.getByLabel(/Evidence/).setInputFiles(photo);
  await expect(visitor.getByRole('status').filter({ hasText: 'This photo records' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Submit Report' }).click();
  await expect(visitor.getByRole('heading', { name: 'Your receipt' })).toBeVisible({
    timeout: 30_000,
  });
  const receipt = (
    (await visitor.locator('p.font-mono span[aria-hidden="true"]').textContent()) ?? ''
  ).trim();
  expect(receipt).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(visitor.getByText(/This receipt is the only way back to your report/)).toBeVisible();
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: 'Download as a text file' }).click();
  const saved = readFileSync(await (await download).path());
  expect(saved.toString()).toContain(`Receipt: ${receipt}`);
  await expectNoAxeViolations(visitor);
  await saveScreenshot(visitor, 'intake-receipt');
  await expect(visitor.getByRole('button', { name: 'Done' })).toBeDisabled();
  await visitor.getByLabel('I have saved my receipt').check();
  await visitor.getByRole('button', { name: 'Done' }).click();
  await expect(visitor.getByText('Your report is with its administrators.')).toBeVisible();
  await visitorContext.close();

  // The organisation's administrator sees it tagged "No account", and replies.
  await admin.goto('/admin-dashboard');
  const card = admin
    .getByRole('listitem')
    .filter({ hasText: 'Forklift keys left in the ignition' });
  await expect(card.getByText('No account')).toBeVisible();
  await saveScreenshot(admin, 'intake-admin-dashboard');
  const listed = await request.get('/api/admin/reports/', {
    headers: adminHeaders,
  });
  const report = (await listed.json()).find(
    (item: { title: string }) => item.title === 'Forklift keys left in the ignition',
  );
  await admin.goto(`/reports/${report.id}`);
  await admin.getByLabel('Reply to reporter').fill('Thank you. Which bay, and since when?');
  await admin.getByRole('button', { name: 'Reply to reporter' }).click();
  await expect(admin.getByText('Thank you. Which bay, and since when?')).toBeVisible();

  // The visitor comes back with the receipt: the reply is waiting; they answer.
  const returning = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await returning.goto('/track');
  await expect(returning.getByRole('heading', { name: 'Track a report' })).toBeVisible();
  await expectNoAxeViolations(returning);
  await saveScreenshot(returning, 'track-receipt-form');
  await returning.getByLabel('Receipt').fill(receipt);
  await returning.getByRole('button', { name: 'Open my report' }).click();
  await expect(returning.getByText(/A reply is waiting/)).toBeVisible();
  expect(returning.url()).not.toContain(receipt.replaceAll(' ', ''));
  await expect(returning.getByText('Thank you. Which bay, and since when?')).toBeVisible();
  await expect(returning.getByText(applicant.username)).toHaveCount(0);
  // The reply acknowledged the report: the visitor reads that it came on time.
  const today = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date());
  const expectations = returning.getByRole('region', { name: 'What to expect' });
  await expect(expectations).toContainText(`Acknowledged on ${today}, on time`);
  await expect(expectations).toContainText(/Feedback expected by \d{1,2} \w+ \d{4}/);
  await returning.getByLabel('Your message').fill('Bay 4, every night this month.');
  await returning.getByRole('button', { name: 'Send Message' }).click();
  await expect(returning.getByText('Bay 4, every night this month.')).toBeVisible();
  await expectNoAxeViolations(returning);
  await saveScreenshot(returning, 'track-report');

  // The administrator reads the answer and resolves the report.
  await admin.reload();
  await expect(admin.getByText('Bay 4, every night this month.')).toBeVisible();
  const resolved = await request.patch(`/api/admin/reports/${report.id}/update/`, {
    headers: adminHeaders,
    data: { status: 'resolved' },
  });
  expect(resolved.ok()).toBe(true);

  // Back at /track: the status changed, and the certificate can be downloaded.
  await returning.getByRole('button', { name: 'Leave and forget this report' }).click();
  await returning.getByLabel('Receipt').fill(receipt);
  await returning.getByRole('button', { name: 'Open my report' }).click();
  await expect(returning.getByText(/The status changed from Pending to Resolved/)).toBeVisible();
  const certificate = returning.waitForEvent('download');
  await returning.getByRole('button', { name: 'Export Certificate' }).click();
  const pdf = readFileSync(await (await certificate).path());
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  await expect(returning.getByText('Certificate downloaded successfully!')).toBeVisible();
  await expect(returning.getByRole('region', { name: 'What to expect' })).toContainText(
    `Feedback given on ${today}, on time`,
  );
  await saveScreenshot(returning, 'track-resolved');
});
