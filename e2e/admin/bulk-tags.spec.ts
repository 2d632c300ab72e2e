import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { expectNoSidewaysScroll, expectThumbSizedTargets } from '../support/targets';

/** Where the report page's wide and phone layouts are also kept for review. */
const reviewDir = process.env.E2E_REVIEW_SHOTS;

async function shoot(page: Page, name: string) {
  await saveScreenshot(page, name);
  if (reviewDir) {
    await page.screenshot({ path: path.join(reviewDir, `${name}.png`), fullPage: true });
  }
}

test('an administrator creates tags, bulk-tags a page, relates two reports and reads the report in two columns', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const reporter = await registerUser(request, 'tagged');
  const tokens = await apiLogin(request, reporter);
  const reports: { id: number; title: string; token: string }[] = [];
  for (const title of ['Broken rail', 'Broken rail again', 'Loose step']) {
    const created = await request.post('/api/reports/', {
      headers: { authorization: `Bearer ${tokens.access}` },
      multipart: {
        title: `${title} ${stamp}`,
        description: `The stairs of block ${stamp} are unsafe.`,
        category: 'other',
      },
    });
    expect(created.status()).toBe(201);
    reports.push(await created.json());
  }
  const [first, second, third] = reports as [
    (typeof reports)[number],
    (typeof reports)[number],
    (typeof reports)[number],
  ];
  const admin = await apiLogin(request, superuser);
  // One of them already resolved: a bulk move to Under review fails for it, and says why.
  const resolved = await request.patch(`/api/admin/reports/${third.id}/update/`, {
    headers: { authorization: `Bearer ${admin.access}` },
    data: { status: 'resolved', message: 'The step was fixed.' },
  });
  expect(resolved.status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginThroughForm(page, superuser);

  // The tags, made on the profile.
  await page.goto('/profile');
  const tagsCard = page.getByRole('region', { name: 'Report tags' });
  await tagsCard.getByLabel('New tag').fill(`Stairs ${stamp}`);
  await tagsCard.getByLabel('Colour').selectOption('teal');
  await tagsCard.getByRole('button', { name: 'Create tag' }).click();
  await expect(
    tagsCard.getByRole('list', { name: 'Tags' }).getByText(`Stairs ${stamp}`),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'profile-report-tags-1440');

  // A page of the list: the three reports, found by their block number.
  await page.goto(`/admin-dashboard?q=${stamp}`);
  await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
  await expect(page.getByText('3 reports', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all 3 on this page' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page
    .getByLabel('Action', { exact: true })
    .selectOption({ label: `Add the tag Stairs ${stamp}` });
  await page.getByRole('button', { name: 'Apply to 3 reports' }).click();
  await expect(page.getByText('Done for all 3 reports.')).toBeVisible();
  for (const report of reports) {
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: report.title }) });
    await expect(card.getByText(`Stairs ${stamp}`)).toBeVisible();
  }

  // Under review for all three: the resolved one fails, and the page says which and why.
  await page.getByRole('checkbox', { name: 'Select all 3 on this page' }).check();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Move to Under review' });
  await page.getByRole('button', { name: 'Apply to 3 reports' }).click();
  await expect(page.getByText('Done for 2 of 3 reports. 1 failed:')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Failed reports' })).toContainText(
    `${third.title} (${third.token}): This report is resolved; resolved, rejected and cancelled reports are final.`,
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-bulk-actions-1440');

  // The filter by tag is kept in the address.
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Tag').selectOption({ label: `Stairs ${stamp}` });
  await expect(page).toHaveURL(/[?&]tag=\d+/);
  await expect(page.getByText('3 reports', { exact: true })).toBeVisible();
  const filtered = page.url();
  await page.reload();
  await expect(page.getByLabel('Tag')).toHaveValue(new URL(filtered).searchParams.get('tag') ?? '');

  // Related reports: the same incident twice, shown on both pages.
  await page.goto(`/reports/${first.id}`);
  const related = page.getByRole('region', { name: 'Related reports' });
  await related.getByLabel('Reference number of a related report').fill(second.token.toLowerCase());
  await related.getByRole('button', { name: 'Relate' }).click();
  await expect(related.getByRole('link', { name: new RegExp(second.title) })).toBeVisible();
  await related.getByRole('link', { name: new RegExp(second.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${second.id}$`));
  await expect(
    page
      .getByRole('region', { name: 'Related reports' })
      .getByRole('link', { name: new RegExp(first.title) }),
  ).toBeVisible();

  // Wide: the facts beside the conversation.
  await page.goto(`/reports/${first.id}`);
  await expect(
    page.getByRole('region', { name: 'Tags' }).getByRole('checkbox', { name: `Stairs ${stamp}` }),
  ).toBeChecked();
  const facts = await page.getByTestId('report-facts').boundingBox();
  const conversation = await page.getByTestId('report-conversation').boundingBox();
  expect(facts && conversation && conversation.x > facts.x + facts.width - 1).toBe(true);
  expect(facts && conversation && Math.abs(conversation.y - facts.y) < 2).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-report-page-1440');

  // A phone: one column, the conversation after the facts.
  await page.setViewportSize({ width: 390, height: 844 });
  const narrowFacts = await page.getByTestId('report-facts').boundingBox();
  const narrowConversation = await page.getByTestId('report-conversation').boundingBox();
  expect(
    narrowFacts &&
      narrowConversation &&
      narrowConversation.y >= narrowFacts.y + narrowFacts.height - 1,
  ).toBe(true);
  await expectNoSidewaysScroll(page);
  await expectThumbSizedTargets(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-report-page-390');
  await page.goto(`/admin-dashboard?q=${stamp}`);
  await page.getByRole('checkbox', { name: `Select ${first.title}` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await expectThumbSizedTargets(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-bulk-actions-390');

  // The reporter sees neither tags nor related reports.
  const reporterContext = await browser.newContext();
  const reporterPage = await reporterContext.newPage();
  await loginThroughForm(reporterPage, reporter);
  await reporterPage.goto(`/reports/${first.id}`);
  await expect(reporterPage.getByRole('heading', { name: first.title })).toBeVisible();
  const seen = await reporterPage.locator('body').innerText();
  expect(seen).not.toContain(`Stairs ${stamp}`);
  expect(seen).not.toContain(second.token);
  expect(seen).not.toContain('Related reports');
  await reporterContext.close();
  await context.close();
});
