import { expect, test } from '@playwright/test';
import { apiLogin, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { loginThroughForm, logout } from '../support/login';
import { createOrganization } from '../support/organization';
import { saveScreenshot } from '../support/screenshots';

test('an administrator removes a member after a confirmation, and the member is told', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const organization = await createOrganization(request, 'Harbour Clinic');
  const code = (
    await (
      await request.post('/api/organizations/join-code/', { headers: organization.adminHeaders })
    ).json()
  ).code as string;
  const member = await registerUser(request, 'clinicmember');
  const tokens = await apiLogin(request, member);
  const joined = await request.post('/api/organizations/join/', {
    headers: { authorization: `Bearer ${tokens.access}` },
    data: { code },
  });
  expect(joined.ok()).toBe(true);

  await loginThroughForm(page, organization.admin, /\/admin-dashboard$/);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/organization-members$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const table = page.getByRole('table', { name: `Members of ${organization.name}: 2` });
  const adminRow = table.getByRole('row', { name: new RegExp(organization.admin.username) });
  await expect(adminRow).toContainText('Administrator');
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  const row = table.getByRole('row', { name: new RegExp(member.username) });
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'organization-members');

  // The keyboard opens the confirmation; Escape keeps the member.
  const remove = row.getByRole('button', { name: `Remove ${member.username}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Remove ${member.username}?` });
  await expect(dialog).toContainText(
    `${member.username} will no longer be a member of ${organization.name}.`,
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'organization-members-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was removed' })).toHaveText(
    `${member.username} was removed from ${organization.name}.`,
  );
  await expect(table.getByRole('row', { name: new RegExp(member.username) })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'organization-members-removed');
  await logout(page);

  await loginThroughForm(page, member);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/1 unread/);
  await bell.click();
  await expect(
    page.getByText(`You were removed from ${organization.name} by its administrator.`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByText('You are not a member of an organisation.')).toBeVisible();
});
