import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL } from '@candor/contract/notifications';
import { eq, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createUser, setUserFields, type TestUser } from '../../../test/factories';
import { useListeningApp } from '../../../test/hooks';
import { connectLive, type LiveClient, listenLocally, waitForClose } from '../../../test/live';
import { createReport } from '../../../test/reports';
import { notifications } from '../../db/schema';
import { createAccessTokenSigner } from '../../lib/tokens';
import { MAX_SOCKETS_PER_USER } from './notifications.hub';
import { createNotifications, type NotificationInput } from './notifications.service';

const t = useListeningApp();

const notify = (inputs: NotificationInput[]) =>
  t.database.db.transaction((tx) => createNotifications(t.app.ctx, tx, inputs));

const url = (userId: number, token?: string) =>
  `${t.base}/ws/notifications/${userId}/${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

/** An open socket of `user`, proved live by receiving a first notification. */
async function connected(user: TestUser) {
  const client = connectLive(url(user.id, user.tokens.access));
  await client.opened;
  const [probe] = await notify([{ userId: user.id, message: 'probe' }]);
  expect(await client.next()).toMatchObject({ id: probe?.id });
  return client;
}

function signerWithTtl(ttlSeconds: number) {
  const secret = t.config.secrets.jwt as string;
  return createAccessTokenSigner(secret, ttlSeconds);
}

describe('WebSocket /ws/notifications/{userId}/ refuses', () => {
  it('a caller without a token, with 1008', async () => {
    const user = await createUser(t);
    const client = connectLive(url(user.id));
    await client.opened;
    expect(await waitForClose(client)).toEqual({ code: 1008, reason: 'Unauthorized' });
  });

  it('another user’s token', async () => {
    const [me, other] = await Promise.all([createUser(t), createUser(t)]);
    const client = connectLive(url(me.id, other.tokens.access));
    expect((await waitForClose(client)).code).toBe(1008);
  });

  it('an expired token', async () => {
    const user = await createUser(t);
    const expired = await signerWithTtl(-60).sign({
      user_id: user.id,
      role: 'user',
      plan: 'free',
      is_superuser: false,
    });
    const client = connectLive(url(user.id, expired));
    expect((await waitForClose(client)).code).toBe(1008);
  });

  it.each(['garbage', 'a.b.c', ''])('the garbage token %j', async (token) => {
    const user = await createUser(t);
    const client = connectLive(url(user.id, token));
    expect((await waitForClose(client)).code).toBe(1008);
  });

  it('a token signed with another secret', async () => {
    const user = await createUser(t);
    const forged = await createAccessTokenSigner('x'.repeat(48), 300).sign({
      user_id: user.id,
      role: 'user',
      plan: 'free',
      is_superuser: false,
    });
    expect((await waitForClose(connectLive(url(user.id, forged)))).code).toBe(1008);
  });

  it('a deactivated account', async () => {
    const user = await createUser(t);
    await setUserFields(t, user.id, { isActive: false });
    expect((await waitForClose(connectLive(url(user.id, user.tokens.access)))).code).toBe(1008);
  });

  it('a malformed user id', async () => {
    const user = await createUser(t);
    const client = connectLive(`${t.base}/ws/notifications/abc/?token=${user.tokens.access}`);
    expect((await waitForClose(client)).code).toBe(1008);
  });
});

describe('WebSocket /ws/notifications/{userId}/ accepts', () => {
  it('the token as a subprotocol and selects candor.v1 so the token is not echoed', async () => {
    const user = await createUser(t);
    const client = connectLive(url(user.id), {
      protocols: [LIVE_PROTOCOL, `${LIVE_BEARER_PREFIX}${user.tokens.access}`],
    });
    await client.opened;
    expect(client.socket.protocol).toBe(LIVE_PROTOCOL);
    const [created] = await notify([{ userId: user.id, message: 'via subprotocol' }]);
    expect(await client.next()).toMatchObject({ id: created?.id, message: 'via subprotocol' });
    await client.close();
  });

  it('the bearer subprotocol alone, echoing it as the protocol', async () => {
    const user = await createUser(t);
    const protocol = `${LIVE_BEARER_PREFIX}${user.tokens.access}`;
    const client = connectLive(url(user.id), { protocols: [protocol] });
    await client.opened;
    expect(client.socket.protocol).toBe(protocol);
    const [created] = await notify([{ userId: user.id, message: 'bearer only' }]);
    expect(await client.next()).toMatchObject({ id: created?.id });
    await client.close();
  });
});

describe('live delivery', () => {
  it('sends a committed notification with its full shape', async () => {
    const user = await createUser(t);
    const client = await connected(user);
    const [created] = await notify([
      {
        userId: user.id,
        message: 'Your report is under review',
        reportId: 41,
        reportTitle: 'T',
        reportReference: 'CND-7K3Q-9XW2-M4TD',
      },
    ]);
    expect(await client.next()).toEqual({
      type: 'notification',
      id: created?.id,
      message: 'Your report is under review',
      is_read: false,
      created_at: expect.any(String),
      report: 41,
      report_title: 'T',
      report_reference: 'CND-7K3Q-9XW2-M4TD',
    });
    await client.close();
  });

  it('sends nothing for a rolled-back transaction', async () => {
    const user = await createUser(t);
    const client = await connected(user);
    await expect(
      t.database.db.transaction(async (tx) => {
        await createNotifications(t.app.ctx, tx, [{ userId: user.id, message: 'rolled back' }]);
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    const [kept] = await notify([{ userId: user.id, message: 'committed' }]);
    // Delivery follows commit order: had the rolled-back one been sent, it would come first.
    expect(await client.next()).toMatchObject({ id: kept?.id, message: 'committed' });
    expect(client.received.map((event) => (event as { message: string }).message)).not.toContain(
      'rolled back',
    );
    await client.close();
  });

  it('does not send another user’s notification to this socket', async () => {
    const [me, other] = await Promise.all([createUser(t), createUser(t)]);
    const [mine, theirs] = await Promise.all([connected(me), connected(other)]);
    const [forOther] = await notify([{ userId: other.id, message: 'for the other user' }]);
    const [forMe] = await notify([{ userId: me.id, message: 'for me' }]);
    expect(await theirs.next()).toMatchObject({ id: forOther?.id });
    expect(await mine.next()).toMatchObject({ id: forMe?.id });
    const myIds = mine.received.map((event) => (event as { id: number }).id);
    expect(myIds).not.toContain(forOther?.id);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('sends to every open socket of the user', async () => {
    const user = await createUser(t);
    const first = await connected(user);
    const second = await connected(user);
    const [created] = await notify([{ userId: user.id, message: 'both tabs' }]);
    // The first socket also saw the second one's probe.
    expect(await first.next()).toMatchObject({ message: 'probe' });
    expect(await first.next()).toMatchObject({ id: created?.id, message: 'both tabs' });
    expect(await second.next()).toMatchObject({ id: created?.id, message: 'both tabs' });
    await Promise.all([first.close(), second.close()]);
  });

  it('reaches a socket held by another app on the same database', async () => {
    const other = await buildTestApp();
    const otherBase = await listenLocally(other.app);
    try {
      const user = await createUser(t);
      const client = connectLive(
        `${otherBase}/ws/notifications/${user.id}/?token=${user.tokens.access}`,
      );
      await client.opened;
      // Created through this app's context; the socket lives on the other app.
      const [created] = await notify([{ userId: user.id, message: 'across apps' }]);
      expect(await client.next()).toMatchObject({ id: created?.id, message: 'across apps' });
      await client.close();
    } finally {
      await other.app.close();
    }
  });

  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets per user, closing the oldest`, async () => {
    const user = await createUser(t);
    const clients = [];
    for (let index = 0; index <= MAX_SOCKETS_PER_USER; index += 1) {
      const client = connectLive(url(user.id, user.tokens.access));
      await client.opened;
      clients.push(client);
    }
    const [oldest, ...kept] = clients;
    expect(await waitForClose(oldest as LiveClient)).toEqual({
      code: 1008,
      reason: 'Too many connections',
    });
    const [created] = await notify([{ userId: user.id, message: 'to the newest tabs' }]);
    for (const client of kept) expect(await client.next()).toMatchObject({ id: created?.id });
    expect(oldest?.received).toEqual([]);
    await Promise.all(kept.map((client) => client.close()));
  });

  it('closes the socket with 1008 when its access token expires', async () => {
    const user = await createUser(t);
    const shortLived = await signerWithTtl(2).sign({
      user_id: user.id,
      role: 'user',
      plan: 'free',
      is_superuser: false,
    });
    const client = connectLive(url(user.id, shortLived));
    await client.opened;
    expect(await waitForClose(client)).toEqual({ code: 1008, reason: 'Token expired' });
  });
});

describe('a notice to the reporter of an anonymous report', () => {
  it('names no account in its row, yet reaches its reporter’s socket and no one else’s', async () => {
    const reporter = await createUser(t);
    const bystander = await createUser(t);
    const report = await createReport(t, reporter);
    const mine = await connected(reporter);
    const theirs = await connected(bystander);
    const [signal] = await notify([
      { reporterOf: report.id, message: 'Your report is now Resolved.' },
    ]);
    expect(signal).toEqual({ id: expect.any(Number), report: report.id });
    expect(await mine.next()).toMatchObject({
      type: 'notification',
      id: signal?.id,
      message: 'Your report is now Resolved.',
    });
    const [row] = await t.database.db
      .select({ userId: notifications.userId, tag: notifications.recipientTag })
      .from(notifications)
      .where(eq(notifications.id, signal?.id as number));
    expect(row).toEqual({ userId: null, tag: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The bystander's socket got nothing: a notice to them afterwards is the next it sees.
    const [after] = await notify([{ userId: bystander.id, message: 'for the bystander' }]);
    expect(await theirs.next()).toMatchObject({ id: after?.id });
    await mine.close();
    await theirs.close();
  });
});
