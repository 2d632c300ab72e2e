import { expect, test } from '@playwright/test';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

test('a cancelled report’s page says the day it is deleted', async ({ page, request }) => {
  const reporter = await registerUser(request, 'retention');
  const tokens = await apiLogin(request, reporter);
  const headers = { authorization: `Bearer ${tokens.access}` };
  const filed = await request.post('/api/reports/', {
    headers,
    multipart: {
      title: 'Fire exit chained shut',
      description: 'The rear fire exit of the warehouse is chained every night.',
      category: 'other',
      is_anonymous: 'true',
    },
  });
  expect(filed.status()).toBe(201);
  const report = (await filed.json()) as { id: number };
  const cancelled = await request.post(`/api/reports/${report.id}/cancel/`, { headers });
  expect(cancelled.status()).toBe(200);
  const { purge_on: purgeOn } = (await cancelled.json()) as { purge_on: string };
  expect(purgeOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await loginThroughForm(page, reporter);
  await page.goto(`/reports/${report.id}`);
  await expect(page.getByRole('heading', { name: 'Fire exit chained shut' })).toBeVisible();
  const deleted = page
    .getByRole('definition')
    .filter({ has: page.locator(`time[datetime="${purgeOn}"]`) });
  await expect(deleted).toContainText('this closed report, its messages and its attachment');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'report-purge-date');
});
