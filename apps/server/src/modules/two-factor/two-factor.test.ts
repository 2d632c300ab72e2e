import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createSuperuser,
  createUser,
  decodeJwt,
  type TestUser,
} from '../../../test/factories';
import { enrol, totpCode } from '../../../test/two-factor';
import { verifyAuditChain } from '../audit/audit-chain';

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

/** Turning the second factor off on `app`, with this code and password. */
const turnOff = (
  app: TestApp,
  enrolled: { headers: Record<string, string> },
  code: string,
  password: string,
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/two-factor/disable/',
    headers: enrolled.headers,
    payload: { code, password },
  });

/** The first step of setting up an authenticator, with these headers and password. */
const startEnrolment = (headers: Record<string, string>, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/two-factor/enrolment/',
    headers,
    payload: { password },
  });

function bearer(access: string) {
  return { authorization: `Bearer ${access}` };
}

async function passwordStep(app: TestApp, user: TestUser) {
  return app.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username: user.username, password: user.password },
  });
}

async function codeStep(app: TestApp, payload: Record<string, string>) {
  return app.app.inject({ method: 'POST', url: '/api/two-factor/login/', payload });
}

async function adminList(app: TestApp, headers: { authorization: string }) {
  return app.app.inject({ method: 'GET', url: '/api/admin/reports/', headers });
}

async function auditActionsAbout(userId: number) {
  const result = (await t.database.db.execute(
    sql`select action from audit_log where object_type = 'user' and object_id = ${String(userId)}
        order by id`,
  )) as unknown as { rows: { action: string }[] };
  return result.rows.map((row) => row.action);
}

/** The second factor is off again: the password alone gives the tokens, and the log says why. */
async function expectPasswordAloneSignsIn(admin: TestUser, endedBy: string) {
  expect(Object.keys((await passwordStep(t, admin)).json()).sort()).toEqual(['access', 'refresh']);
  expect(await auditActionsAbout(admin.id)).toEqual(['user.two_factor_enabled', endedBy]);
}

describe('second factor: enrolment', () => {
  it('shows the secret once, as a QR code and as text, and stores it sealed', async () => {
    const admin = await createAdmin(t);
    const started = await startEnrolment(admin.headers, admin.password);
    expect(started.statusCode).toBe(201);
    const body = started.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/two-factor/',
      headers: admin.headers,
    });
    expect(status.json()).toEqual({
      is_staff: true,
      is_enabled: false,
      is_required: false,
      recovery_codes_left: 0,
    });
    expect(status.body).not.toContain(body.secret);

    const raw = (await t.database.db.execute(
      sql`select encode(secret, 'escape') as secret from two_factor_credentials where user_id = ${admin.id}`,
    )) as unknown as { rows: { secret: string }[] };
    expect(raw.rows).toHaveLength(1);
    expect(raw.rows[0]?.secret).not.toContain(body.secret);
  });

  it('refuses a wrong code, then confirms with a right one: ten recovery codes, other logins ended', async () => {
    const admin = await createAdmin(t);
    const started = await startEnrolment(admin.headers, admin.password);
    const { secret } = started.json();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/enrolment/confirm/',
      headers: admin.headers,
      payload: { code: totpCode(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/not valid/);

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/enrolment/confirm/',
      headers: admin.headers,
      payload: { code: 'abc' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toEqual(['Enter the 6-digit code from your authenticator app.']);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/two-factor/enrolment/confirm/',
      headers: admin.headers,
      payload: { code: totpCode(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recovery_codes: codes, tokens } = confirmed.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(decodeJwt(tokens.access)).toMatchObject({ role: 'admin', two_factor: 'verified' });
    expect((await adminList(t, bearer(tokens.access))).statusCode).toBe(200);

    // The login the enrolment started from did not give the factor: it is over.
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh: admin.tokens.refresh },
    });
    expect(oldRefresh.statusCode).toBe(401);
    // Its access token too, at once, not when it expires.
    expect((await adminList(t, admin.headers)).statusCode).toBe(401);

    // Recovery codes are stored as keyed hashes only.
    const hashes = (await t.database.db.execute(
      sql`select code_hash from two_factor_recovery_codes where user_id = ${admin.id}`,
    )) as unknown as { rows: { code_hash: string }[] };
    expect(hashes.rows).toHaveLength(10);
    const dump = JSON.stringify(hashes.rows);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    expect(await auditActionsAbout(admin.id)).toContain('user.two_factor_enabled');
  });

  it('is refused to plain users, and to an account already enrolled', async () => {
    const user = await createUser(t);
    const refused = await startEnrolment(user.headers, user.password);
    expect(refused.statusCode).toBe(403);
    const admin = await createAdmin(t);
    const enrolled = await enrol(t, admin);
    const again = await startEnrolment(enrolled.headers, admin.password);
    expect(again.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/two-factor/enrolment/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('second factor: login', () => {
  it('keeps the token pair answer for accounts without a second factor', async () => {
    const user = await createUser(t);
    const answer = await passwordStep(t, user);
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual(['access', 'refresh']);
  });

  it('answers a challenge, not tokens, then a login with the code; a code is accepted once', async () => {
    const admin = await createAdmin(t);
    const { secret } = await enrol(t, admin);
    const first = await passwordStep(t, admin);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(challenge.access).toBeUndefined();
    // The challenge is no access token.
    expect((await adminList(t, bearer(challenge.challenge))).statusCode).toBe(401);

    const code = totpCode(secret, 1);
    const done = await codeStep(t, { challenge: challenge.challenge, code });
    expect(done.statusCode).toBe(200);
    expect(decodeJwt(done.json().access)).toMatchObject({ role: 'admin', two_factor: 'verified' });
    expect((await adminList(t, bearer(done.json().access))).statusCode).toBe(200);

    // Refreshing keeps the login's second factor.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh: done.json().refresh },
    });
    expect(decodeJwt(refreshed.json().access)).toMatchObject({ two_factor: 'verified' });
    expect((await adminList(t, bearer(refreshed.json().access))).statusCode).toBe(200);

    // The same code again (or the one before it) is refused.
    const replay = await codeStep(t, { challenge: challenge.challenge, code });
    expect(replay.statusCode).toBe(400);
    const earlier = await codeStep(t, { challenge: challenge.challenge, code: totpCode(secret) });
    expect(earlier.statusCode).toBe(400);
  });

  it('takes each recovery code once, and audits its use', async () => {
    const superuser = await createSuperuser(t);
    const { recoveryCodes } = await enrol(t, superuser);
    const { challenge } = (await passwordStep(t, superuser)).json();
    const code = recoveryCodes[3] as string;
    const done = await codeStep(t, { challenge, recovery_code: code.toUpperCase() });
    expect(done.statusCode).toBe(200);
    expect(decodeJwt(done.json().access)).toMatchObject({ is_superuser: true });
    const again = await codeStep(t, { challenge, recovery_code: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/used already/);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/two-factor/',
      headers: bearer(done.json().access),
    });
    expect(status.json().recovery_codes_left).toBe(9);
    expect(await auditActionsAbout(superuser.id)).toEqual([
      'user.two_factor_enabled',
      'user.two_factor_recovery_code_used',
    ]);
    expect((await verifyAuditChain(t.database.db)).isIntact).toBe(true);
  });

  it('refuses a wrong code, a forged challenge and a missing code with 4xx', async () => {
    const admin = await createAdmin(t);
    const { secret } = await enrol(t, admin);
    const { challenge } = (await passwordStep(t, admin)).json();
    const wrong = await codeStep(t, { challenge, code: totpCode(secret, 7) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/not valid/);
    const forged = await codeStep(t, { challenge: `${challenge}x`, code: totpCode(secret, 1) });
    expect(forged.statusCode).toBe(401);
    const missing = await codeStep(t, { challenge });
    expect(missing.statusCode).toBe(400);
    const both = await codeStep(t, { challenge, code: '123456', recovery_code: 'abcde-fghij' });
    expect(both.statusCode).toBe(400);
  });

  it('limits wrong codes per account, whichever address they come from', async () => {
    const limited = await buildTestApp({
      env: { RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT: '2' },
    });
    try {
      const admin = await createAdmin(limited);
      const { secret } = await enrol(limited, admin);
      const { challenge } = (await passwordStep(limited, admin)).json();
      const statuses: number[] = [];
      for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/two-factor/login/',
          remoteAddress: address,
          payload: { challenge, code: totpCode(secret, 9) },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
      // Even the right code waits until the window is over.
      const right = await codeStep(limited, { challenge, code: totpCode(secret, 1) });
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});

describe('second factor: required for staff', () => {
  let strict: TestApp;

  beforeAll(async () => {
    strict = await buildTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });
    return () => strict.app.close();
  });

  it('gives staff without it no elevated role until they enrol', async () => {
    const superuser = await createSuperuser(strict);
    const claims = decodeJwt(superuser.tokens.access);
    expect(claims).toMatchObject({
      role: 'user',
      is_superuser: false,
      two_factor: 'enrolment_required',
    });
    expect((await adminList(strict, superuser.headers)).statusCode).toBe(403);
    const staffList = await strict.app.inject({
      method: 'GET',
      url: '/api/two-factor/staff/',
      headers: superuser.headers,
    });
    expect(staffList.statusCode).toBe(403);
    const profile = await strict.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: superuser.headers,
    });
    expect(profile.json()).toMatchObject({ role: 'user', is_superuser: false });

    const enrolled = await enrol(strict, superuser);
    expect((await adminList(strict, enrolled.headers)).statusCode).toBe(200);

    const admin = await createAdmin(strict);
    const listed = await strict.app.inject({
      method: 'GET',
      url: '/api/two-factor/staff/',
      headers: enrolled.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().is_required).toBe(true);
    const rows = listed.json().results as { id: number; is_enabled: boolean }[];
    expect(rows.find((row) => row.id === admin.id)?.is_enabled).toBe(false);
    expect(rows.find((row) => row.id === superuser.id)?.is_enabled).toBe(true);

    const disable = await turnOff(
      strict,
      enrolled,
      totpCode(enrolled.secret, 1),
      superuser.password,
    );
    expect(disable.statusCode).toBe(400);
  });

  it('leaves plain users as they are', async () => {
    const user = await createUser(strict);
    expect(decodeJwt(user.tokens.access)).toMatchObject({ role: 'user' });
    expect(decodeJwt(user.tokens.access).two_factor).toBeUndefined();
  });
});

describe('second factor: turning off and reset', () => {
  it('turns off with a current code, audited; the next login needs no code', async () => {
    const admin = await createAdmin(t);
    const enrolled = await enrol(t, admin);
    const wrong = await turnOff(t, enrolled, totpCode(enrolled.secret, 6), admin.password);
    expect(wrong.statusCode).toBe(400);
    const off = await turnOff(t, enrolled, totpCode(enrolled.secret, 1), admin.password);
    expect(off.statusCode).toBe(204);
    await expectPasswordAloneSignsIn(admin, 'user.two_factor_disabled');
  });

  it('lets the superuser reset a staff member: logins end, audited, chain intact', async () => {
    const superuser = await createSuperuser(t);
    const superEnrolled = await enrol(t, superuser);
    const admin = await createAdmin(t);
    const enrolled = await enrol(t, admin);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/two-factor/staff/${admin.id}/`,
      headers: enrolled.headers,
    });
    expect(refused.statusCode).toBe(403);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/two-factor/staff/${admin.id}/`,
      headers: superEnrolled.headers,
    });
    expect(reset.statusCode).toBe(204);
    // Their logins end at once: the access token of the login with the code is refused too.
    expect((await adminList(t, enrolled.headers)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/two-factor/staff/${admin.id}/`,
      headers: superEnrolled.headers,
    });
    expect(again.statusCode).toBe(400);
    const plain = await createUser(t);
    const notStaff = await t.app.inject({
      method: 'DELETE',
      url: `/api/two-factor/staff/${plain.id}/`,
      headers: superEnrolled.headers,
    });
    expect(notStaff.statusCode).toBe(404);
    await expectPasswordAloneSignsIn(admin, 'user.two_factor_reset');
    expect((await verifyAuditChain(t.database.db)).isIntact).toBe(true);
  });
});
