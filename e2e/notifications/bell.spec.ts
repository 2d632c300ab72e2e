import { expect, type Page, test } from '@playwright/test';
import { type E2eUser, registerUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { expectLoginPage } from '../support/login';
import { saveScreenshot } from '../support/screenshots';

// Creating a notification needs a report status change or an access-request decision; those
// journeys check the bell's content. This one checks the bell itself against the real server.

async function logIn(page: Page, user: E2eUser) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

function userIdOf(token: string | null): number {
  const payload = JSON.parse(
    Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString(),
  );
  return payload.user_id as number;
}

test('the bell connects its socket, opens an empty panel and closes by keyboard', async ({
  browser,
  request,
}) => {
  const user = await registerUser(request, 'bell');
  const context = await browser.newContext();
  const page = await context.newPage();
  const socketOpened = page.waitForEvent('websocket');
  await logIn(page, user);

  const socket = await socketOpened;
  const userId = userIdOf(await page.evaluate(() => localStorage.getItem('accessToken')));
  expect(new URL(socket.url()).pathname).toBe(`/ws/notifications/${userId}/`);
  // The token travels as a subprotocol, never in the address.
  expect(socket.url()).not.toContain('token');

  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText('No notifications found.')).toBeVisible();
  await expect(panel).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'notification-bell-empty');

  await page.keyboard.press('Escape');
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await expect(bell).toBeFocused();
  await expect(panel).toBeHidden();
  // Accepted, not refused: a refused socket is closed right after the upgrade.
  expect(socket.isClosed()).toBe(false);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expectLoginPage(page);
  await expect.poll(() => socket.isClosed()).toBe(true);
  await context.close();
});

test('at 375 px the panel fits the screen and closes on a click outside', async ({
  browser,
  request,
}) => {
  const user = await registerUser(request, 'bellm');
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await logIn(page, user);
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText('No notifications found.')).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, 'notification-bell-mobile');
  await page.getByRole('main').click({ position: { x: 10, y: 400 } });
  await expect(panel).toBeHidden();
  await context.close();
});
