import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createSuperuser, createUser, type TestUser } from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { twoFactorCredentials, users } from '../../db/schema';
import { ACCOUNT_CHANGES_CHANNEL, CALLER_CHANGE_PREFIX } from './account-changes';
import { createCallerCache } from './caller-cache';

let t: TestApp;
let superuser: TestUser;
beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
});

const analytics = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/admin/analytics/', headers: user.headers });

/** A new administrator whom a request has read, so the callers in memory hold them. */
async function readAdmin(): Promise<TestUser> {
  const admin = await createAdmin(t);
  expect((await analytics(admin)).statusCode).toBe(200);
  return admin;
}

/** The superuser revokes or deactivates an administrator through the staff routes. */
async function staffAction(action: 'revoke' | 'deactivate', admin: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/staff/${admin.id}/${action}/`,
    headers: superuser.headers,
  });
  expect(response.statusCode).toBe(200);
}

/**
 * Resolves once the database has signalled a change to the account on the account-changes
 * channel. This app listened first, so by then it has heard it too.
 */
async function signalOf(userId: number): Promise<() => Promise<void>> {
  let heard: () => void = () => {};
  const received = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await t.database.listen(ACCOUNT_CHANGES_CHANNEL, (payload) => {
    if (payload === `${CALLER_CHANGE_PREFIX}${userId}`) heard();
  });
  return async () => {
    await received;
    await stop();
  };
}

describe('the caller read from memory', () => {
  it('refuses a revoked administrator on the next request, after one that read them', async () => {
    const admin = await readAdmin();
    await staffAction('revoke', admin);
    // Revoking ends their logins: the access token itself is refused, not only the role.
    expect((await analytics(admin)).statusCode).toBe(401);
  });

  it('refuses a deactivated account on the next request, after one that read it', async () => {
    const admin = await readAdmin();
    await staffAction('deactivate', admin);
    expect((await analytics(admin)).statusCode).toBe(401);
  });

  it('refuses a deleted account on the next request, after one that read it', async () => {
    const user = await createUser(t);
    const mine = () => t.app.inject({ method: 'GET', url: '/api/reports/', headers: user.headers });
    expect((await mine()).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/delete/',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await mine()).statusCode).toBe(401);
  });

  it('reads an account again when the database signals a change made outside any request', async () => {
    const admin = await readAdmin();
    // As another server process or a management command would: straight to the database.
    const heard = await signalOf(admin.id);
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
    await heard();
    expect((await analytics(admin)).statusCode).toBe(403);
  });

  it('withholds the staff role as soon as a second factor is on, the login not having given it', async () => {
    const admin = await readAdmin();
    const heard = await signalOf(admin.id);
    await t.database.db
      .insert(twoFactorCredentials)
      .values({ userId: admin.id, secret: Buffer.alloc(20, 1), isEnabled: true });
    await heard();
    expect((await analytics(admin)).statusCode).toBe(403);
  });
});

describe('which writes keep the callers in memory', () => {
  const held = (user: TestUser) => t.app.ctx.callers.holds(user.id);
  const mine = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/reports/', headers: user.headers });

  it('keeps them through writes that change no account: a message, a report, a login, a refresh, a notice read', async () => {
    const reporter = await createUser(t);
    const report = await createReport(t, reporter);
    expect((await mine(reporter)).statusCode).toBe(200);
    const admin = await readAdmin();
    expect(held(reporter) && held(admin)).toBe(true);

    const writes = [
      {
        method: 'POST',
        url: `/api/reports/${report.id}/comments/`,
        headers: reporter.headers,
        payload: { message: 'More detail.' },
      },
      {
        method: 'POST',
        url: '/api/reports/',
        headers: reporter.headers,
        payload: {
          title: 'Another',
          category: 'other',
          description: 'What happened.',
          is_anonymous: 'false',
        },
      },
      { method: 'POST', url: '/api/notifications/mark_all_read/', headers: admin.headers },
    ] as const;
    for (const write of writes) {
      const response = await t.app.inject(write);
      expect(response.statusCode, write.url).toBeLessThan(300);
      expect(held(reporter) && held(admin), write.url).toBe(true);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: reporter.username, password: reporter.password },
    });
    expect(login.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh: login.json().refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(held(reporter) && held(admin)).toBe(true);
  });

  it('forgets an account that logs out: its access tokens are refused from then on', async () => {
    const reporter = await createUser(t);
    expect((await mine(reporter)).statusCode).toBe(200);
    expect(held(reporter)).toBe(true);
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout/',
      payload: { refresh: reporter.tokens.refresh },
    });
    expect(loggedOut.statusCode).toBe(204);
    expect(held(reporter)).toBe(false);
    expect((await mine(reporter)).statusCode).toBe(401);
  });

  it('empties them before the answer of any other write leaves, whoever it changed', async () => {
    const bystander = await createUser(t);
    expect((await mine(bystander)).statusCode).toBe(200);
    const admin = await readAdmin();
    await staffAction('revoke', admin);
    // At once, without waiting for the database's signal.
    expect(held(admin)).toBe(false);
    expect(held(bystander)).toBe(false);
  });

  it('empties them after a write to no route at all', async () => {
    const user = await createUser(t);
    expect((await mine(user)).statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/nowhere/',
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(held(user)).toBe(false);
  });
});

describe('createCallerCache', () => {
  it('does not keep a read that began before the account changed', async () => {
    const user = await createUser(t);
    const cache = createCallerCache();
    const read = cache.find(t.database.db, user.id);
    cache.forget(user.id);
    expect(await read).toMatchObject({ id: user.id, isActive: true });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await cache.find(t.database.db, user.id)).toMatchObject({ isActive: false });
  });

  it('reads an account again once its entry is older than the TTL', async () => {
    const user = await createUser(t);
    let now = 0;
    const cache = createCallerCache({ ttlMs: 1_000, now: () => now });
    expect(await cache.find(t.database.db, user.id)).toMatchObject({ plan: 'free' });
    await t.database.db.update(users).set({ plan: 'premium' }).where(eq(users.id, user.id));
    now = 999;
    expect(await cache.find(t.database.db, user.id)).toMatchObject({ plan: 'free' });
    now = 1_000;
    expect(await cache.find(t.database.db, user.id)).toMatchObject({ plan: 'premium' });
  });
});
