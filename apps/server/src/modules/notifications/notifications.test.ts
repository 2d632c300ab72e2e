import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { notifications } from '../../db/schema';
import { createNotifications, type NotificationInput } from './notifications.service';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

/** Creates notifications the way other modules do: in a committed transaction. */
async function notify(inputs: NotificationInput[]) {
  return t.database.db.transaction((tx) => createNotifications(t.app.ctx, tx, inputs));
}

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers ?? {} });

describe('GET /api/notifications/', () => {
  it('answers 401 without a token', async () => {
    expect((await get('/api/notifications/')).statusCode).toBe(401);
  });

  it('lists only the caller’s notifications, newest first', async () => {
    const [me, other] = await Promise.all([createUser(t), createUser(t)]);
    const [first] = await notify([{ userId: me.id, message: 'Your report was received' }]);
    await notify([{ userId: other.id, message: 'Not for you' }]);
    const [second] = await notify([
      { userId: me.id, message: 'Status changed', reportId: 12, reportTitle: 'Broken lock' },
    ]);

    const response = await get('/api/notifications/', me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: second?.id,
        message: 'Status changed',
        is_read: false,
        created_at: expect.any(String),
        report: 12,
        report_title: 'Broken lock',
        report_reference: null,
      },
      {
        id: first?.id,
        message: 'Your report was received',
        is_read: false,
        created_at: expect.any(String),
        report: null,
        report_title: null,
        report_reference: null,
      },
    ]);
    const [newest, oldest] = response.json() as { created_at: string }[];
    expect(Date.parse(newest?.created_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(oldest?.created_at ?? ''),
    );
  });

  it('orders notifications created together by id, newest first', async () => {
    const me = await createUser(t);
    const created = await notify([
      { userId: me.id, message: 'one' },
      { userId: me.id, message: 'two' },
    ]);
    const body = (await get('/api/notifications/', me)).json() as { id: number }[];
    expect(body.map((item) => item.id)).toEqual(created.map((item) => item.id).reverse());
  });

  it('shows a notice sealed again with what it holds now, not what it held when last read', async () => {
    const me = await createUser(t);
    const [signal] = await notify([{ userId: me.id, message: 'Before' }]);
    const id = signal?.id as number;
    const messages = async () =>
      ((await get('/api/notifications/', me)).json() as { message: string }[]).map(
        (notice) => notice.message,
      );
    expect(await messages()).toEqual(['Before']);
    await t.database.db
      .update(notifications)
      .set({
        payload: t.app.ctx.sealer.sealJson(
          { message: 'After', report: null, report_title: null },
          'notification.payload',
        ),
      })
      .where(eq(notifications.id, id));
    expect(await messages()).toEqual(['After']);
  });

  it('answers an empty array when there are none', async () => {
    const me = await createUser(t);
    expect((await get('/api/notifications/', me)).json()).toEqual([]);
  });

  it('answers a page with the total when limit or offset is given', async () => {
    const me = await createUser(t);
    const [a] = await notify([{ userId: me.id, message: 'a' }]);
    await notify([{ userId: me.id, message: 'b' }]);
    const response = await get('/api/notifications/?limit=1&offset=1', me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 2,
      results: [expect.objectContaining({ id: a?.id, message: 'a' })],
    });
    expect((await get('/api/notifications/?offset=0', me)).json()).toMatchObject({ count: 2 });
  });

  it('refuses a bad limit with a field error', async () => {
    const me = await createUser(t);
    const response = await get('/api/notifications/?limit=0', me);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ limit: [expect.any(String)] });
  });

  it('stores the message, report link and title sealed', async () => {
    const me = await createUser(t);
    const [created] = await notify([
      { userId: me.id, message: 'plainly-visible-text', reportId: 5, reportTitle: 'Secret title' },
    ]);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, created?.id ?? 0));
    const stored = row?.payload.toString('latin1') ?? '';
    expect(stored).not.toContain('plainly-visible-text');
    expect(stored).not.toContain('Secret title');
  });
});

describe('POST /api/notifications/{id}/mark_read/', () => {
  it('marks the caller’s notification read and answers it', async () => {
    const me = await createUser(t);
    const [created] = await notify([{ userId: me.id, message: 'hello' }]);
    const response = await post(`/api/notifications/${created?.id}/mark_read/`, me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created?.id, message: 'hello', is_read: true });
    expect((await get('/api/notifications/', me)).json()).toEqual([
      expect.objectContaining({ id: created?.id, is_read: true }),
    ]);
    // Marking again changes nothing and still succeeds.
    expect((await post(`/api/notifications/${created?.id}/mark_read/`, me)).statusCode).toBe(200);
  });

  it('answers 404 for someone else’s notification and leaves it unread', async () => {
    const [me, owner] = await Promise.all([createUser(t), createUser(t)]);
    const [created] = await notify([{ userId: owner.id, message: 'private' }]);
    const response = await post(`/api/notifications/${created?.id}/mark_read/`, me);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
    expect((await get('/api/notifications/', owner)).json()).toEqual([
      expect.objectContaining({ id: created?.id, is_read: false }),
    ]);
  });

  it.each(['999999999', '2147483648', '0', 'abc'])('answers 404 for the id %s', async (id) => {
    const me = await createUser(t);
    const response = await post(`/api/notifications/${id}/mark_read/`, me);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 401 without a token', async () => {
    expect((await post('/api/notifications/1/mark_read/')).statusCode).toBe(401);
  });
});

describe('POST /api/notifications/mark_all_read/', () => {
  it('marks every unread notification of the caller only and answers how many', async () => {
    const [me, other] = await Promise.all([createUser(t), createUser(t)]);
    const [first] = await notify([
      { userId: me.id, message: 'one' },
      { userId: me.id, message: 'two' },
      { userId: me.id, message: 'three' },
    ]);
    await post(`/api/notifications/${first?.id}/mark_read/`, me);
    await notify([{ userId: other.id, message: 'theirs' }]);

    const response = await post('/api/notifications/mark_all_read/', me);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    const mine = (await get('/api/notifications/', me)).json() as { is_read: boolean }[];
    expect(mine.every((item) => item.is_read)).toBe(true);
    expect((await get('/api/notifications/unread_count/', other)).json()).toEqual({ count: 1 });
    expect((await post('/api/notifications/mark_all_read/', me)).json()).toEqual({ updated: 0 });
  });

  it('answers 401 without a token', async () => {
    expect((await post('/api/notifications/mark_all_read/')).statusCode).toBe(401);
  });
});

describe('GET /api/notifications/unread_count/', () => {
  it('counts the caller’s unread notifications', async () => {
    const [me, other] = await Promise.all([createUser(t), createUser(t)]);
    expect((await get('/api/notifications/unread_count/', me)).json()).toEqual({ count: 0 });
    const [first] = await notify([
      { userId: me.id, message: 'one' },
      { userId: me.id, message: 'two' },
      { userId: other.id, message: 'theirs' },
    ]);
    expect((await get('/api/notifications/unread_count/', me)).json()).toEqual({ count: 2 });
    await post(`/api/notifications/${first?.id}/mark_read/`, me);
    expect((await get('/api/notifications/unread_count/', me)).json()).toEqual({ count: 1 });
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/notifications/unread_count/')).statusCode).toBe(401);
  });
});
