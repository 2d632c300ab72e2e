import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL } from '@candor/contract/notifications';
import { describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { connectLive, listenLocally, waitForClose } from '../../../test/live';
import { createNotifications } from './notifications.service';

async function startApp(options: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(options);
  return { t, base: await listenLocally(t.app) };
}

const notify = (t: TestApp, userId: number, message: string) =>
  t.database.db.transaction((tx) => createNotifications(t.app.ctx, tx, [{ userId, message }]));

describe('live socket heartbeat', () => {
  it('drops a socket that does not answer pings', async () => {
    const { t, base } = await startApp({ env: { WS_HEARTBEAT_INTERVAL_MS: '50' } });
    try {
      const user = await createUser(t);
      const client = connectLive(
        `${base}/ws/notifications/${user.id}/?token=${user.tokens.access}`,
        {
          autoPong: false,
        },
      );
      await client.opened;
      // Terminated, not closed: no close frame arrives.
      expect((await waitForClose(client)).code).toBe(1006);
      expect(t.app.notificationHub.socketCount()).toBe(0);
    } finally {
      await t.app.close();
    }
  });

  it('keeps a socket that answers pings', async () => {
    const { t, base } = await startApp({ env: { WS_HEARTBEAT_INTERVAL_MS: '50' } });
    try {
      const user = await createUser(t);
      const client = connectLive(
        `${base}/ws/notifications/${user.id}/?token=${user.tokens.access}`,
      );
      await client.opened;
      await new Promise<void>((resolve) => {
        let pings = 0;
        client.socket.on('ping', () => {
          pings += 1;
          if (pings === 4) resolve();
        });
      });
      expect(client.socket.readyState).toBe(client.socket.OPEN);
      const [created] = await notify(t, user.id, 'still here');
      expect(await client.next()).toMatchObject({ id: created?.id });
      await client.close();
    } finally {
      await t.app.close();
    }
  });
});

describe('live socket shutdown', () => {
  it('closes open sockets with 1001 when the app closes', async () => {
    const { t, base } = await startApp();
    const user = await createUser(t);
    const client = connectLive(`${base}/ws/notifications/${user.id}/?token=${user.tokens.access}`);
    await client.opened;
    expect(t.app.notificationHub.socketCount()).toBe(1);
    await t.app.close();
    expect(await waitForClose(client)).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});

describe('logs', () => {
  it('never contain a socket token, from the query or the subprotocol', async () => {
    const { capture, logger } = captureLogs();
    const { t, base } = await startApp({ logger });
    const user = await createUser(t);
    const token = user.tokens.access;
    try {
      const viaQuery = connectLive(`${base}/ws/notifications/${user.id}/?token=${token}`);
      await viaQuery.opened;
      const viaProtocol = connectLive(`${base}/ws/notifications/${user.id}/`, {
        protocols: [LIVE_PROTOCOL, `${LIVE_BEARER_PREFIX}${token}`],
      });
      await viaProtocol.opened;
      const refused = connectLive(
        `${base}/ws/notifications/${user.id}/?token=refused-token-value-123`,
      );
      expect((await waitForClose(refused)).code).toBe(1008);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/notifications/?limit=5&token=${token}`,
        headers: user.headers,
      });
      expect(listed.statusCode).toBe(200);
      await Promise.all([viaQuery.close(), viaProtocol.close()]);
    } finally {
      await t.app.close();
    }
    const text = capture.text();
    // The request line proves the capture works; it names the route pattern only.
    expect(text).toContain('"route":"/api/notifications"');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2] as string);
    expect(text).not.toContain('refused-token-value-123');
    expect(text).not.toContain('token=');
  });
});
