import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRowsFor, notificationsOf } from '../../../test/access-requests';
import { statusesUnderLimit, type TestApp } from '../../../test/app';
import { createAdmin, createSuperuser, createUser, uniqueName } from '../../../test/factories';
import { useSuperuser, useTestApp } from '../../../test/hooks';
import { contactMessages } from '../../db/schema';

const t = useTestApp();
const superuser = useSuperuser(t);

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sam Reporter',
    subject: uniqueName('Question'),
    message: 'How long does a review usually take?',
    ...overrides,
  };
}

const send = (app: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api/contact/', payload: body, headers });

const inbox = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/contact/${query}`, headers });

const markRead = (headers: Record<string, string>, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/contact/${id}/mark_read/`, headers });

async function sendOk(body: Record<string, unknown>): Promise<{ id: number; created_at: string }> {
  const response = await send(t, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('POST /api/contact/', () => {
  it('stores the message with its body sealed and answers its id', async () => {
    const body = message({ message: 'A very particular sentence about the canteen.' });
    const created = await sendOk(body);
    expect(created).toEqual({ id: expect.any(Number), created_at: expect.any(String) });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, created.id));
    expect(row).toMatchObject({ name: body.name, subject: body.subject, email: null });
    expect(Buffer.from(row?.message as Buffer).toString('utf8')).not.toContain('canteen');
  });

  it('lists every missing required field', async () => {
    const response = await send(t, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['This field is required.'],
      subject: ['This field is required.'],
      message: ['This field is required.'],
    });
  });

  it.each([
    ['name', '  '],
    ['subject', ''],
    ['message', ' \n '],
  ])('refuses a blank %s', async (field, value) => {
    const response = await send(t, message({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: ['This field is required.'] });
  });

  it('accepts an optional email and refuses an invalid one', async () => {
    expect((await send(t, message({ email: 'sam@example.test' }))).statusCode).toBe(201);
    expect((await send(t, message({ email: '' }))).statusCode).toBe(201);
    const response = await send(t, message({ email: 'sam-at-example' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('refuses a message that is too long', async () => {
    const response = await send(t, message({ message: 'x'.repeat(5001) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ['Ensure this field has no more than 5000 characters.'],
    });
  });

  it('notifies every superuser', async () => {
    const other = await createSuperuser(t);
    const body = message();
    await sendOk(body);
    for (const recipient of [superuser, other]) {
      expect((await notificationsOf(t, recipient.id)).map((n) => n.message)).toContain(
        `New contact message: ${body.subject}`,
      );
    }
  });

  it('is rate limited', async () => {
    const statuses = await statusesUnderLimit({ RATE_LIMIT_WRITE_PER_MINUTE: '2' }, 3, (limited) =>
      send(limited, message()),
    );
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('GET /api/contact/', () => {
  it('shows the superuser every message, newest first, opened', async () => {
    const older = await sendOk(message({ email: 'older@example.test' }));
    const newer = await sendOk(message({ message: 'The newest one.' }));
    const response = await inbox(superuser.headers);
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number }[];
    const ids = list.map((entry) => entry.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((entry) => entry.id === newer.id)).toEqual({
      id: newer.id,
      name: 'Sam Reporter',
      email: null,
      subject: expect.any(String),
      message: 'The newest one.',
      is_read: false,
      created_at: newer.created_at,
    });
  });

  it('answers a page when a limit is given', async () => {
    await sendOk(message());
    const response = await inbox(superuser.headers, '?limit=1');
    expect(response.json()).toEqual({ count: expect.any(Number), results: [expect.any(Object)] });
  });
});

describe('POST /api/contact/{id}/mark_read/', () => {
  it('marks the message read and writes an audit row', async () => {
    const created = await sendOk(message());
    const response = await markRead(superuser.headers, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, is_read: true });
    expect(await auditRowsFor(t, 'contact_message', created.id)).toEqual([
      expect.objectContaining({
        action: 'contact.read',
        actorUserId: superuser.id,
        actorRole: 'superuser',
      }),
    ]);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await markRead(superuser.headers, 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('the inbox refuses everyone but the superuser', () => {
  it.each([
    ['a visitor', async () => ({}), 401],
    ['a user', async () => (await createUser(t)).headers, 403],
    ['an admin', async () => (await createAdmin(t)).headers, 403],
  ])('%s', async (_label, headersOf, status) => {
    const headers = await headersOf();
    const created = await sendOk(message());
    expect((await inbox(headers)).statusCode).toBe(status);
    expect((await markRead(headers, created.id)).statusCode).toBe(status);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, created.id));
    expect(row?.isRead).toBe(false);
  });
});
