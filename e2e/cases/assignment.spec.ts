import { expect, test } from '@playwright/test';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm } from '../support/login';
import { addAdministrator, createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

const title = 'Cash missing from the canteen till';

test('a handler takes a case, a colleague reassigns it, and "Assigned to me" follows', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const organization = await createOrganization(request, 'Northgate College');
  const colleague = await addAdministrator(request, organization);

  // A member files a report to the organisation.
  const code = await request.post('/api/organizations/join-code/', {
    headers: organization.adminHeaders,
  });
  const member = await registerUser(request, 'member');
  const memberHeaders = { authorization: `Bearer ${(await apiLogin(request, member)).access}` };
  await request.post('/api/organizations/join/', {
    headers: memberHeaders,
    data: { code: (await code.json()).code },
  });
  const filed = await request.post('/api/reports/', {
    headers: memberHeaders,
    multipart: {
      title,
      description: 'Short by forty pounds three Fridays in a row.',
      is_anonymous: 'true',
    },
  });
  expect(filed.status()).toBe(201);
  const { id } = (await filed.json()) as { id: number };

  // The first handler takes the case; their "Assigned to me" view has it.
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await loginThroughForm(first, organization.admin);
  await first.goto(`/reports/${id}`);
  const assignment = first.getByRole('region', { name: 'Assignment' });
  await expect(assignment.getByText('Unassigned')).toBeVisible();
  await assignment.getByRole('button', { name: 'Take this case' }).click();
  await expect(assignment.getByText('Assigned to you')).toBeVisible();
  await first.goto('/admin-dashboard');
  await first.getByLabel('Cases').selectOption('me');
  await expect(first).toHaveURL(/assigned=me/);
  const mine = first.getByRole('listitem').filter({ hasText: title });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(`Assigned to ${organization.admin.username}`);
  await expectNoAxeViolations(first);
  await saveScreenshot(first, 'assignment-taken-assigned-to-me');

  // A colleague reassigns it to themselves.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await loginThroughForm(second, colleague);
  await second.goto(`/reports/${id}`);
  const panel = second.getByRole('region', { name: 'Assignment' });
  await expect(panel.getByText(`Assigned to ${organization.admin.username}`)).toBeVisible();
  await panel.getByLabel('Assign to').selectOption({ label: `${colleague.username} (you)` });
  await panel.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(panel.getByText('Assigned to you')).toBeVisible();
  await expectNoAxeViolations(second);
  await saveScreenshot(second, 'assignment-reassigned-by-colleague');
  await second.goto('/admin-dashboard?assigned=me');
  await expect(second.getByRole('listitem').filter({ hasText: title })).toContainText(
    `Assigned to ${colleague.username}`,
  );

  // The first handler's "Assigned to me" no longer has it; everyone's shows who does.
  await first.reload();
  await expect(first.getByLabel('Cases')).toHaveValue('me');
  await expect(first.getByText('No reports found matching your criteria')).toBeVisible();
  await first.getByLabel('Cases').selectOption('all');
  await expect(first.getByRole('listitem').filter({ hasText: title })).toContainText(
    `Assigned to ${colleague.username}`,
  );
  await saveScreenshot(first, 'assignment-everyones-after-reassign');
  await secondContext.close();
  await firstContext.close();
});
