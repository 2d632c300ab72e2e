import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf } from '../../test/access-requests';
import { buildTestApp, getTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser, login, type TestUser } from '../../test/factories';
import { connectLive, listenLocally, waitForClose } from '../../test/live';
import { enrol, totpCode } from '../../test/two-factor';

/**
 * The token thief (docs/protection.md "Protecting reporters"): holds a live access token of someone else's
 * login (a copied header, a session left open), but not the password. Nothing it can do with it
 * lasts: what would lock the owner out or keep the thief in asks for the current password, the
 * password cannot be guessed through those checks faster than through a login, and a logout or a
 * new password ends every copy of the token at once, sockets included.
 */
let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const post = (app: TestApp, url: string, headers: Record<string, string>, payload?: object) =>
  app.app.inject({ method: 'POST', url, headers, payload });

const mine = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ method: 'GET', url: '/api/reports/', headers });

describe('a stolen access token and no password', () => {
  it('cannot set up a second factor: no password, no secret, and the owner keeps their login', async () => {
    const owner = await createAdmin(t);
    const stolen = owner.headers;
    const withoutPassword = await post(t, '/api/two-factor/enrolment/', stolen);
    expect(withoutPassword.statusCode).toBe(400);
    const guessed = await post(t, '/api/two-factor/enrolment/', stolen, { password: 'a guess' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toEqual({ password: ['Your password is not correct.'] });
    expect(guessed.body).not.toMatch(/secret|otpauth/);
    // Nothing was started that a later confirmation could finish, and the owner's login lives.
    const confirmed = await post(t, '/api/two-factor/enrolment/confirm/', stolen, {
      code: '123456',
    });
    expect(confirmed.statusCode).toBe(400);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh: owner.tokens.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('cannot turn the second factor off, nor make new recovery codes, even with a code', async () => {
    const owner = await createAdmin(t);
    const enrolled = await enrol(t, owner);
    const off = await post(t, '/api/two-factor/disable/', enrolled.headers, {
      code: totpCode(enrolled.secret, 1),
    });
    expect(off.statusCode).toBe(400);
    const offGuessed = await post(t, '/api/two-factor/disable/', enrolled.headers, {
      code: totpCode(enrolled.secret, 1),
      password: 'a guess',
    });
    expect(offGuessed.statusCode).toBe(400);
    const codes = await post(t, '/api/two-factor/recovery-codes/', enrolled.headers, {
      password: 'a guess',
    });
    expect(codes.statusCode).toBe(400);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/two-factor/',
      headers: enrolled.headers,
    });
    expect(status.json()).toMatchObject({ is_enabled: true, recovery_codes_left: 10 });
  });

  it('tells the holder whenever the second factor changes', async () => {
    const owner = await createAdmin(t);
    const enrolled = await enrol(t, owner);
    const renewed = await post(t, '/api/two-factor/recovery-codes/', enrolled.headers, {
      password: owner.password,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recovery_codes).toHaveLength(10);
    const off = await post(t, '/api/two-factor/disable/', enrolled.headers, {
      code: totpCode(enrolled.secret, 1),
      password: owner.password,
    });
    expect(off.statusCode).toBe(204);
    const told = (await notificationsOf(t, owner.id)).map((notice) => notice.message);
    expect(told).toEqual([
      expect.stringMatching(
        /^Two-factor authentication was turned on for your account\. If this was not you/,
      ),
      expect.stringMatching(/^New recovery codes were made for your account/),
      expect.stringMatching(/^Two-factor authentication was turned off for your account/),
    ]);
  });

  it('cannot guess the password through the current-password checks faster than a login', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3' } });
    try {
      const owner = await createUser(limited);
      const guesses = [
        post(limited, '/api/accounts/password/', owner.headers, {
          current_password: 'guess one',
          new_password: 'a-brand-new-passphrase',
        }),
        post(limited, '/api/accounts/delete/', owner.headers, { password: 'guess two' }),
        post(limited, '/api/accounts/password/', owner.headers, {
          current_password: 'guess three',
          new_password: 'a-brand-new-passphrase',
        }),
      ];
      expect((await Promise.all(guesses)).map((answer) => answer.statusCode)).toEqual([
        400, 400, 400,
      ]);
      // The account's budget is spent: even the right password waits, here and at the login.
      const right = await post(limited, '/api/accounts/delete/', owner.headers, {
        password: owner.password,
      });
      expect(right.statusCode).toBe(429);
      const signIn = await limited.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { username: owner.username, password: owner.password },
      });
      expect(signIn.statusCode).toBe(429);
      expect((await mine(limited, owner.headers)).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });
});

describe('ending a login ends its access tokens and sockets at once', () => {
  let live: TestApp;
  let wsBase: string;
  beforeAll(async () => {
    live = await buildTestApp();
    wsBase = await listenLocally(live.app);
  });
  afterAll(async () => {
    await live?.app.close();
  });

  const socketOf = (user: TestUser, access: string) => {
    const client = connectLive(`${wsBase}/ws/notifications/${user.id}/?token=${access}`);
    return client;
  };

  it('logout: the copied access token is refused and its socket closed, before it expires', async () => {
    const owner = await createUser(live);
    const socket = socketOf(owner, owner.tokens.access);
    await socket.opened;
    const out = await post(live, '/api/accounts/logout/', {}, { refresh: owner.tokens.refresh });
    expect(out.statusCode).toBe(204);
    expect((await mine(live, owner.headers)).statusCode).toBe(401);
    expect((await waitForClose(socket)).code).toBe(4001);
    // Another login of the same account renews its token once and carries on.
    const other = await login(live, owner.username, owner.password);
    expect((await mine(live, { authorization: `Bearer ${other.access}` })).statusCode).toBe(200);
  });

  it('a new password: every other login is refused at once, the changing one carries on', async () => {
    const owner = await createUser(live);
    const elsewhere = await login(live, owner.username, owner.password);
    const elsewhereHeaders = { authorization: `Bearer ${elsewhere.access}` };
    const socket = socketOf(owner, elsewhere.access);
    await socket.opened;
    const changed = await post(live, '/api/accounts/password/', owner.headers, {
      current_password: owner.password,
      new_password: 'another-long-passphrase-9',
    });
    expect(changed.statusCode).toBe(200);
    expect((await mine(live, elsewhereHeaders)).statusCode).toBe(401);
    expect((await mine(live, owner.headers)).statusCode).toBe(401);
    expect((await waitForClose(socket)).code).toBe(4001);
    const fresh = { authorization: `Bearer ${changed.json().access}` };
    expect((await mine(live, fresh)).statusCode).toBe(200);
    const refresh = await live.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh: elsewhere.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });
});
