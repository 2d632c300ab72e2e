import { expect, type Page, test } from '@playwright/test';
import { superuser } from '../playwright.config';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

const laptop = { width: 1440, height: 900 };
const categories = ['abuse', 'corruption', 'harassment', 'other'] as const;

/** The admin's triage, screen by screen, checked by axe and photographed at 1440 x 900. */
async function step(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `admin-1440-${name}`);
}

test('an administrator triages a busy list at 1440 px without losing their place', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // A busy day: thirty reports from one reporter, a third of them marked priority.
  const reporter = await registerUser(request, 'triage');
  const tokens = await apiLogin(request, reporter);
  const stamp = Date.now().toString(36);
  const created: { id: number; token: string; title: string }[] = [];
  for (let index = 0; index < 30; index += 1) {
    const title = `Triage ${stamp} case ${String(index + 1).padStart(2, '0')}`;
    const answer = await request.post('/api/reports/', {
      headers: { authorization: `Bearer ${tokens.access}` },
      multipart: {
        title,
        description: `Report number ${index + 1} of a busy day.`,
        category: categories[index % categories.length] as string,
        priority_flag: index % 3 === 0 ? 'true' : 'false',
        is_anonymous: index % 2 === 0 ? 'true' : 'false',
      },
    });
    expect(answer.status()).toBe(201);
    created.push({ ...(await answer.json()), title });
  }
  // The case to find: priority (index 27 % 3 === 0), pending, and the reporter wrote again.
  const target = created[27] as (typeof created)[number];
  const follow = await request.post(`/api/reports/${target.id}/comments/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: { message: 'One more thing: it happened again last night.' },
  });
  expect(follow.status()).toBe(201);

  const context = await browser.newContext({ viewport: laptop });
  const admin = await context.newPage();
  await loginThroughForm(admin, superuser);
  await admin.goto('/admin-dashboard');
  const list = admin.getByRole('region', { name: 'Reports' });
  const firstCard = list.getByRole('listitem').first();
  await expect(firstCard).toBeVisible();
  // The first reports are on screen without scrolling: the chart sits beside them.
  const box = await firstCard.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? laptop.height) + (box?.height ?? 0)).toBeLessThanOrEqual(laptop.height);
  await expect(admin.getByRole('complementary', { name: 'Analytics' })).toBeVisible();
  await step(admin, '01-dashboard');

  // The reference as a caller reads it out: without dashes, lower case, only its last part.
  const reference = target.token;
  const spoken = reference.replaceAll('-', '').toLowerCase().slice(-8);
  await list.getByLabel('Search').fill(spoken);
  const card = list
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: target.title }) });
  await expect(card).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(card).toContainText(reference);
  await expect(card.getByText('1 new message from the reporter')).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`[?&]q=${spoken}`));
  await step(admin, '02-reference-search');

  // Filters live in the address: a reload keeps them.
  await list.getByLabel('Search').fill(stamp);
  await list.getByLabel('Priority').selectOption({ label: 'Priority only' });
  await list.getByLabel('Status').selectOption({ label: 'Pending' });
  await expect(admin).toHaveURL(/priority=/);
  await expect(admin).toHaveURL(/status=pending/);
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const listAddress = new URL(admin.url());
  await admin.reload();
  await expect(list.getByLabel('Priority')).toHaveValue(/.+/);
  await expect(list.getByLabel('Status')).toHaveValue('pending');
  await expect(list.getByLabel('Search')).toHaveValue(stamp);
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await step(admin, '03-filtered');

  // The report page has the status actions and leads back to the list as it was.
  await card.getByRole('link', { name: `Manage ${target.title}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/reports/${target.id}$`));
  const status = admin.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('button', { name: 'Resolve' })).toBeVisible();
  await status.getByRole('button', { name: 'Review' }).click();
  await expect(status.getByRole('button', { name: 'Review' })).toBeDisabled();
  await step(admin, '04-report');
  await admin.getByRole('link', { name: /Back to reports/ }).click();
  await expect(admin).toHaveURL(
    (url) => url.pathname === listAddress.pathname && url.search === listAddress.search,
  );
  await expect(list.getByLabel('Search')).toHaveValue(stamp);
  // Now under review, it has left the pending list: nine remain.
  await expect(list.getByRole('listitem')).toHaveCount(9);
  await step(admin, '05-back-to-list');
  await context.close();
});
