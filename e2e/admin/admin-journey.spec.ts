import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

test('an admin works a report while the reporter watches live', async ({ browser, request }) => {
  const reporter = await registerUser(request, 'watcher');
  const tokens = await apiLogin(request, reporter);
  const title = `Harassment in the night shift ${Date.now()}`;
  const created = await request.post('/api/reports/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    multipart: {
      title,
      description: 'The shift lead makes remarks every night.',
      category: 'harassment',
    },
  });
  expect(created.status()).toBe(201);
  const report = await created.json();
  // More reports, so the dashboard has figures to show.
  for (const [category, priority] of [
    ['abuse', 'true'],
    ['corruption', 'false'],
    ['other', 'true'],
  ] as const) {
    const extra = await request.post('/api/reports/', {
      headers: { authorization: `Bearer ${tokens.access}` },
      multipart: {
        title: `Earlier ${category} report`,
        description: 'Seeded.',
        category,
        priority_flag: priority,
      },
    });
    expect(extra.status()).toBe(201);
  }

  const reporterContext = await browser.newContext();
  const reporterPage = await reporterContext.newPage();
  await loginThroughForm(reporterPage, reporter);
  await reporterPage.goto('/my-reports');
  const bell = reporterPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginThroughForm(admin, superuser);
  await admin.goto('/admin-dashboard');
  await expect(admin.getByRole('heading', { name: 'Admin Command Center' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: title })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Reports by category' })).toBeVisible();
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, 'admin-dashboard');
  await admin.getByLabel('Search').fill(title);
  const card = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Anonymous', { exact: true })).toBeVisible();
  await expect(admin.getByText('Total Reports')).toBeVisible();

  await card.getByRole('button', { name: 'Review' }).click();
  await expect(card.getByText('Under Review', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Review' })).toBeDisabled();
  // The reporter's bell rises without a reload.
  await expect(bell).toHaveAccessibleName(/1 unread/);

  await card.getByRole('link', { name: 'Manage' }).click();
  await expect(admin).toHaveURL(new RegExp(`/reports/${report.id}$`));
  await expect(
    admin
      .getByText('Anonymous reporter')
      .or(admin.getByText('No messages yet. Start the conversation!')),
  ).toBeVisible();
  expect(await admin.locator('body').innerText()).not.toContain(reporter.username);
  const noteBox = admin.getByLabel('Internal note', { exact: true });
  await noteBox.fill('Internal: check the rota for that week.');
  await admin.getByRole('button', { name: 'Add internal note' }).click();
  await expect(
    admin
      .getByRole('list', { name: 'Internal notes' })
      .getByText('Internal: check the rota for that week.'),
  ).toBeVisible();
  await expect(noteBox).toHaveValue('');
  await admin
    .getByLabel('Reply to reporter', { exact: true })
    .fill('Thank you. We have started an investigation.');
  await admin.getByRole('button', { name: 'Reply to reporter' }).click();
  await expect(admin.getByText('Thank you. We have started an investigation.')).toBeVisible();
  await expect(bell).toHaveAccessibleName(/2 unread/);

  await reporterPage.bringToFront();
  await bell.click();
  await expect(reporterPage.getByRole('link', { name: `Report: ${title}` }).first()).toBeVisible();
  await expect(reporterPage.getByRole('button', { name: 'Mark All As Read' })).toBeVisible();
  await expectNoAxeViolations(reporterPage);
  await saveScreenshot(reporterPage, 'notification-bell-open');
  await reporterPage
    .getByRole('link', { name: `Report: ${title}` })
    .first()
    .click();
  await expect(reporterPage).toHaveURL(new RegExp(`/reports/${report.id}$`));
  await expect(
    reporterPage.getByText('Thank you. We have started an investigation.'),
  ).toBeVisible();
  await expect(reporterPage.getByText('Internal: check the rota for that week.')).toHaveCount(0);

  await admin.goto('/admin-dashboard');
  await admin.getByLabel('Search').fill(title);
  await card.getByRole('button', { name: 'Resolve' }).click();
  // A final decision is explained to the reporter before it is taken.
  const decision = admin.getByRole('dialog', { name: 'Resolve this report' });
  await decision.getByRole('button', { name: 'Action taken' }).click();
  await expect(decision.getByLabel('Message to the reporter')).not.toHaveValue('');
  await decision.getByRole('button', { name: 'Resolve and send' }).click();
  await expect(decision).toBeHidden();
  await expect(card.getByText('Final: Resolved')).toBeVisible();
  // The reporter has the report open: the page shows the new status as it happens, and the notice
  // of it is read as it arrives (opening a report marks its notices read).
  await expect(reporterPage.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  await reporterPage.goto(`/my-reports?report=${report.id}`);
  const downloading = reporterPage.waitForEvent('download');
  await reporterPage.getByRole('button', { name: 'Export Certificate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('certificate.pdf');
  await expect(reporterPage.getByText('Certificate downloaded successfully!')).toBeVisible();
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await adminContext.close();
  await reporterContext.close();
});
