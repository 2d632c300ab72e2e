import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  captureLogs,
  getTestApp,
  statusesUnderLimit,
  type TestApp,
} from '../../../test/app';
import { createUser, decodeJwt, login, setUserFields, uniqueName } from '../../../test/factories';
import { sqlRows } from '../../../test/sql';
import { refreshTokens, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

function registration(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueName('reg'),
    email: '',
    password: 'a-good-passphrase',
    first_name: 'Ada',
    last_name: 'Lovelace',
    ...overrides,
  };
}

describe('POST /api/accounts/register/', () => {
  it('creates the account and answers 201 without the password', async () => {
    const input = registration({ email: 'Ada@Example.test'.replace('Ada', uniqueName('ada')) });
    const response = await post('/api/accounts/register/', input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      username: input.username,
      email: (input.email as string).toLowerCase(),
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('keeps the registration and the last profile change as UTC days, never instants', async () => {
    const input = registration();
    const registered = await post('/api/accounts/register/', input);
    expect(registered.statusCode).toBe(201);
    const tokens = await login(t, input.username, input.password as string);
    const renamed = uniqueName('renamed');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: { authorization: `Bearer ${tokens.access}` },
      payload: { username: renamed, email: `${renamed}@example.test` },
    });
    expect(changed.statusCode).toBe(200);
    const { sql } = await import('drizzle-orm');
    const [row] = await sqlRows<Record<string, string>>(
      t.database.db,
      sql`select created_at::text as created, updated_at::text as updated,
            pg_typeof(created_at)::text as created_type, pg_typeof(updated_at)::text as updated_type
          from users where id = ${registered.json().id}`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    if (!row) throw new Error('the account was not stored');
    expect(row.created_type).toBe('date');
    expect(row.updated_type).toBe('date');
    // Around midnight the database's day may be the one before the test's.
    expect([today, yesterday]).toContain(row.created);
    expect([today, yesterday]).toContain(row.updated);
  });

  it('stores the password as an argon2id hash', async () => {
    const input = registration();
    await post('/api/accounts/register/', input);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, input.username));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(input.password);
  });

  it('accepts a missing or empty email and stores none', async () => {
    const withoutEmail = registration();
    delete (withoutEmail as Record<string, unknown>).email;
    expect((await post('/api/accounts/register/', withoutEmail)).json().email).toBeNull();
    expect(
      (await post('/api/accounts/register/', registration({ email: '' }))).json().email,
    ).toBeNull();
  });

  it('refuses a username taken in any letter case', async () => {
    const input = registration();
    await post('/api/accounts/register/', input);
    const response = await post(
      '/api/accounts/register/',
      registration({ username: input.username.toUpperCase() }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('refuses an email that is taken', async () => {
    const email = `${uniqueName('dup')}@example.test`;
    await post('/api/accounts/register/', registration({ email }));
    const response = await post(
      '/api/accounts/register/',
      registration({ email: email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with that email already exists.'] });
  });

  it('refuses an invalid email', async () => {
    const response = await post('/api/accounts/register/', registration({ email: 'not-an-email' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it.each([
    ['short', 'abc12', 'This password is too short. It must contain at least 8 characters.'],
    ['numeric', '1234567890', 'This password is entirely numeric.'],
  ])('refuses a %s password', async (_label, password, message) => {
    const response = await post('/api/accounts/register/', registration({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toContain(message);
  });

  it('refuses a password equal to the username', async () => {
    const username = uniqueName('same');
    const response = await post(
      '/api/accounts/register/',
      registration({ username, password: username }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ['The password is too similar to the username.'] });
  });

  it('lists every missing required field', async () => {
    const response = await post('/api/accounts/register/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('refuses a username with forbidden characters', async () => {
    const response = await post('/api/accounts/register/', registration({ username: 'bad name!' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().username[0]).toMatch(/^Enter a valid username/);
  });

  it('refuses wrong types and unknown fields with field errors', async () => {
    const wrongType = await post('/api/accounts/register/', registration({ username: 42 }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toHaveProperty('username');
    const unknown = await post('/api/accounts/register/', registration({ role: 'admin' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ role: ['This field is not allowed.'] });
  });
});

describe('malformed requests', () => {
  it('answers 400 {detail} to malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON in the request body.' });
  });

  it('answers 400 {detail} to a body that is not an object', async () => {
    const response = await post('/api/accounts/login/', ['a', 'b']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  it('answers 413 {detail} to a huge body', async () => {
    const response = await post(
      '/api/accounts/register/',
      registration({ first_name: 'x'.repeat(400_000) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request body is too large.' });
  });

  it('answers 415 {detail} to an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported content type.' });
  });

  it('answers 404 {detail} to an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('never answers 500 to assorted bad input on the account routes', async () => {
    const bodies: unknown[] = [
      null,
      0,
      'x',
      [],
      { username: null },
      { password: {} },
      { refresh: 1 },
    ];
    const routes = ['register/', 'login/', 'token/refresh/', 'logout/'];
    for (const route of routes) {
      for (const body of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/accounts/${route}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, `${route} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${route} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(typeof response.json()).toBe('object');
      }
    }
  });
});

describe('POST /api/accounts/login/', () => {
  it('answers access and refresh tokens with the spec claims', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const tokens = await login(t, user.username, user.password);
    const claims = decodeJwt(tokens.access);
    expect(claims).toMatchObject({
      user_id: user.id,
      role: 'user',
      plan: 'premium',
      is_superuser: false,
      jti: expect.any(String),
    });
    const lifetime = (claims.exp as number) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(250);
    expect(lifetime).toBeLessThanOrEqual(300);
    expect(tokens.refresh).toMatch(/^[\w-]{40,}$/);
  });

  it('logs in with the username in another letter case', async () => {
    const user = await createUser(t);
    const response = await post('/api/accounts/login/', {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown username', async () => {
    const user = await createUser(t);
    const wrongPassword = await post('/api/accounts/login/', {
      username: user.username,
      password: 'nope-nope-nope',
    });
    const unknownUser = await post('/api/accounts/login/', {
      username: uniqueName('ghost'),
      password: 'nope-nope-nope',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
    expect(wrongPassword.json()).toEqual({
      detail: 'No active account found with the given credentials',
    });
  });

  it('refuses a deactivated account with the same answer', async () => {
    const user = await createUser(t);
    await setUserFields(t, user.id, { isActive: false });
    const response = await post('/api/accounts/login/', {
      username: user.username,
      password: user.password,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: 'No active account found with the given credentials',
    });
  });
});

describe('POST /api/accounts/token/refresh/', () => {
  const refresh = (token: string) => post('/api/accounts/token/refresh/', { refresh: token });

  it('rotates: answers a new pair and stores only hashes', async () => {
    const user = await createUser(t);
    const response = await refresh(user.tokens.refresh);
    expect(response.statusCode).toBe(200);
    const next = response.json();
    expect(next.refresh).not.toBe(user.tokens.refresh);
    expect(decodeJwt(next.access).user_id).toBe(user.id);
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.tokenHash).not.toBe(user.tokens.refresh);
  });

  it('refuses an unknown token', async () => {
    const response = await refresh('definitely-not-a-real-refresh-token-value-0123456789');
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t);
    await t.database.db
      .update(refreshTokens)
      // Expiry is a UTC day: a token expiring today no longer works.
      .set({ expiresOn: new Date().toISOString().slice(0, 10) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await refresh(user.tokens.refresh)).statusCode).toBe(401);
  });

  it('carries the current role after a change', async () => {
    const user = await createUser(t);
    await setUserFields(t, user.id, { role: 'admin' });
    const next = (await refresh(user.tokens.refresh)).json();
    expect(decodeJwt(next.access).role).toBe('admin');
  });

  it('refuses a token of a deactivated account', async () => {
    const user = await createUser(t);
    await setUserFields(t, user.id, { isActive: false });
    expect((await refresh(user.tokens.refresh)).statusCode).toBe(401);
  });
});

describe('POST /api/accounts/logout/', () => {
  it('answers 204 and revokes the login on the server', async () => {
    const user = await createUser(t);
    const response = await post('/api/accounts/logout/', { refresh: user.tokens.refresh });
    expect(response.statusCode).toBe(204);
    const again = await post('/api/accounts/token/refresh/', { refresh: user.tokens.refresh });
    expect(again.statusCode).toBe(401);
  });

  it('answers 204 for an unknown token, revealing nothing', async () => {
    const response = await post('/api/accounts/logout/', {
      refresh: 'unknown-token-value-0123456789',
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('/api/accounts/profile/', () => {
  it('answers 401 without a token and with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/accounts/profile/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: 'Given token not valid for any token type' });
  });

  it.each(['Bearer null', 'Bearer undefined', 'Bearer '])(
    'answers 401 to %j, as without a token',
    async (authorization) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/accounts/profile/',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    },
  );

  it('refuses a token signed with another secret', async () => {
    const other = await buildTestApp({
      env: { JWT_SECRET: 'another-secret-that-is-long-enough-9876543210' },
    });
    const user = await createUser(other);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(401);
    await other.app.close();
  });

  it('answers the profile', async () => {
    const user = await createUser(t, { plan: 'premium' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: user.username,
      email: `${user.username}@example.test`,
      first_name: '',
      last_name: '',
      role: 'user',
      plan: 'premium',
      is_superuser: false,
      handler_label: null,
      language: null,
    });
  });

  it('updates username and email', async () => {
    const user = await createUser(t);
    const username = uniqueName('renamed');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username, email: `${username}@Example.test` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username, email: `${username}@example.test` });
  });

  it('keeps the own username and email valid on save', async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username: user.username, email: `${user.username}@example.test` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers field errors for taken and invalid values', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username: other.username, email: `${other.username}@example.test` },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    });
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username: '', email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      username: ['This field is required.'],
      email: ['Enter a valid email address.'],
    });
  });

  it('keeps the first and last name when the update leaves them out', async () => {
    const user = await createUser(t);
    await setUserFields(t, user.id, { firstName: 'Ada', lastName: 'Lovelace' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username: user.username, email: `${user.username}@example.test` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      headers: user.headers,
      payload: { username: user.username, email: `${user.username}@example.test`, last_name: '' },
    });
    expect(cleared.json()).toMatchObject({ first_name: 'Ada', last_name: '' });
  });

  it('refuses an anonymous update before looking at the body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile/',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limiting', () => {
  it('answers 429 {detail} after the configured number of logins a minute', async () => {
    const limited = await buildTestApp({
      env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '3' },
    });
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { username: 'nobody-here', password: 'whatever-pass' },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds?\.$/,
    );
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/accounts/register/',
      payload: registration(),
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(201);
    await limited.app.close();
  });

  it('limits registration too', async () => {
    const statuses = await statusesUnderLimit({ RATE_LIMIT_AUTH_PER_MINUTE: '2' }, 3, (limited) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: registration(),
        remoteAddress: '203.0.113.20',
      }),
    );
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  let forged = 0;
  /** A different made-up address at the left of X-Forwarded-For each time. */
  const forgedChain = (proxySaw: string) => {
    forged += 1;
    return `192.0.2.${forged % 250}, ${proxySaw}`;
  };

  it.each([
    ['a hop count', '1'],
    ['the proxy address', '10.0.0.2'],
    ['the proxy range', '10.0.0.0/8'],
  ])(
    'with %s, counts the address the proxy saw, however the client rotates the header',
    async (_label, trustProxy) => {
      const statuses = await statusesUnderLimit(
        { RATE_LIMIT_AUTH_PER_MINUTE: '2', TRUST_PROXY: trustProxy },
        3,
        (limited) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/accounts/register/',
            payload: registration(),
            remoteAddress: '10.0.0.2',
            headers: { 'x-forwarded-for': forgedChain('198.51.100.30') },
          }),
      );
      expect(statuses).toEqual([201, 201, 429]);
    },
  );

  it('ignores the header from a client that is not a trusted proxy', async () => {
    const statuses = await statusesUnderLimit(
      { RATE_LIMIT_AUTH_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8' },
      3,
      (limited) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/accounts/register/',
          payload: registration(),
          remoteAddress: '203.0.113.44',
          headers: { 'x-forwarded-for': forgedChain(`198.51.100.${forged % 250}`) },
        }),
    );
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('privacy of logs and headers', () => {
  it('logs requests without addresses, user agents, tokens or passwords', async () => {
    const { capture, logger } = captureLogs();
    const logged = await buildTestApp({ logger });
    const user = await createUser(logged);
    await logged.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/?secret=query',
      headers: { ...user.headers, 'user-agent': 'DistinctiveAgent/9.9' },
      remoteAddress: '198.51.100.77',
    });
    const text = capture.text();
    expect(text).toContain('"route":"/api/accounts/profile/"');
    for (const secret of [
      '198.51.100.77',
      'DistinctiveAgent',
      user.tokens.access,
      user.tokens.refresh,
      user.password,
      'secret=query',
    ]) {
      expect(text).not.toContain(secret);
    }
    await logged.app.close();
  });

  it('sends strict security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
