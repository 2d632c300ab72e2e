import type { TokenPair } from '@candor/contract/accounts';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../test/app';
import { uniqueName } from '../../../test/factories';
import { useServerProcesses, useTestApp } from '../../../test/hooks';
import { connectLive } from '../../../test/live';
import {
  type ServerProcess,
  sharedServerEnv,
  startServerProcess,
} from '../../../test/server-process';
import { openDatabase } from '../../db/client';
import { createHasher, createSealer, parseKeyring } from '../../lib/crypto';
import { createNotifications } from './notifications.service';

// Included only with TEST_DATABASE_URL (see vitest.config.ts): two real server processes on
// one PostgreSQL database. A notification committed through one reaches a socket on the other.
const databaseUrl = testDatabaseUrl as string;

const t = useTestApp();
const [a, b] = useServerProcesses(t, databaseUrl);

async function registerAndLogin(server: ServerProcess) {
  const credentials = { username: uniqueName('proc'), password: 'a-strong-passphrase' };
  const registered = await fetch(`${server.httpBase}/api/accounts/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, email: '' }),
  });
  expect(registered.status).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  const login = await fetch(`${server.httpBase}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return { id, tokens: (await login.json()) as TokenPair };
}

/** The database path process A's services use, with A's keys: its own connection and sealer. */
async function notifyThroughOwnConnection(userId: number, message: string) {
  const database = await openDatabase({ url: databaseUrl });
  const sealer = createSealer(parseKeyring(t.config.secrets.encryptionKeys as string));
  const hash = createHasher(t.config.secrets.ownerHash as string);
  try {
    return await database.db.transaction((tx) =>
      createNotifications({ sealer, hash }, tx, [
        { userId, message, reportId: 3, reportTitle: 'R' },
      ]),
    );
  } finally {
    await database.close();
  }
}

describe('live notifications across server processes', () => {
  it('delivers a notification committed elsewhere to sockets on both processes', async () => {
    const user = await registerAndLogin(a);
    const path = `/ws/notifications/${user.id}/?token=${user.tokens.access}`;
    const onB = connectLive(`${b.wsBase}${path}`);
    const onA = connectLive(`${a.wsBase}${path}`);
    await Promise.all([onA.opened, onB.opened]);

    const [created] = await notifyThroughOwnConnection(user.id, 'Seen on every process');
    const expected = {
      type: 'notification',
      id: created?.id,
      message: 'Seen on every process',
      is_read: false,
      report: 3,
      report_title: 'R',
    };
    expect(await onB.next()).toMatchObject(expected);
    expect(await onA.next()).toMatchObject(expected);

    // Process B's REST API sees the same row, and marks it read for everyone.
    const marked = await fetch(`${b.httpBase}/api/notifications/${created?.id}/mark_read/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.tokens.access}` },
    });
    expect(marked.status).toBe(200);
    const count = await fetch(`${a.httpBase}/api/notifications/unread_count/`, {
      headers: { authorization: `Bearer ${user.tokens.access}` },
    });
    expect(await count.json()).toEqual({ count: 0 });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('does not deliver to another user connected to the other process', async () => {
    const [me, other] = await Promise.all([registerAndLogin(a), registerAndLogin(b)]);
    const mine = connectLive(`${b.wsBase}/ws/notifications/${me.id}/?token=${me.tokens.access}`);
    const theirs = connectLive(
      `${a.wsBase}/ws/notifications/${other.id}/?token=${other.tokens.access}`,
    );
    await Promise.all([mine.opened, theirs.opened]);
    const [forOther] = await notifyThroughOwnConnection(other.id, 'for the other user');
    const [forMe] = await notifyThroughOwnConnection(me.id, 'for me');
    expect(await theirs.next()).toMatchObject({ id: forOther?.id });
    expect(await mine.next()).toMatchObject({ id: forMe?.id });
    expect(mine.received).toHaveLength(1);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('shuts down cleanly, closing its sockets with 1001', async () => {
    const c = await startServerProcess(sharedServerEnv(t.config, databaseUrl));
    const user = await registerAndLogin(c);
    const client = connectLive(
      `${c.wsBase}/ws/notifications/${user.id}/?token=${user.tokens.access}`,
    );
    await client.opened;
    const exitCode = c.stop();
    expect((await client.closed).code).toBe(1001);
    expect(await exitCode).toBe(0);
  });
});
