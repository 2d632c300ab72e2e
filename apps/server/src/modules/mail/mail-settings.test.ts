import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createUser,
  login,
  type TestUser,
} from '../../../test/factories';
import { everythingIn, verifyEmailOf } from '../../../test/mail';
import {
  decryptWith,
  generateTestKey,
  pgpMessageOf,
  revokedPublicKey,
  type TestKey,
} from '../../../test/pgp';
import { createReport } from '../../../test/reports';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { enrol } from '../../../test/two-factor';
import { createManualClock } from '../../lib/clock';
import { ALERT_SUBJECT } from '../outbox/content';
import { sendDueMail } from '../outbox/outbox';

let smtp: TestSmtpServer;
let t: TestApp;
let key: TestKey;
const clock = createManualClock(new Date('2031-03-04T10:30:00Z'));

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    env: { ...smtp.env, RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: '3' },
    clock,
  });
  key = await generateTestKey('handler@example.test');
});
afterAll(async () => {
  await t?.app.close();
  await smtp?.close();
});

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user?.headers ?? {}, payload });

async function scope() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(t, { organizationId });
  const address = await verifyEmailOf(t, admin.id);
  const reporter = await createUser(t, { organizationId });
  await sendDueMail(t.app.ctx, clock.now());
  return { admin, address, reporter };
}

async function newMail(address: string, from: number): Promise<ReceivedMail[]> {
  await sendDueMail(t.app.ctx, clock.now());
  return smtp.to(address).slice(from);
}

/** The link a mail carries to one of Candor's pages, and its token. */
function linkIn(mail: ReceivedMail, page: string): { url: string; token: string } {
  const match = new RegExp(`https://candor\\.test/${page}#token=([^\\s"<]+)`).exec(
    mail.parsed.text ?? '',
  );
  if (!match?.[1]) throw new Error(`no ${page} link in this mail`);
  return { url: match[0], token: decodeURIComponent(match[1]) };
}

describe('OpenPGP keys', () => {
  it('checks the key and shows its fingerprint; refuses expired, revoked, private keys and text', async () => {
    const { admin } = await scope();
    const added = await call(admin, 'PUT', '/api/accounts/mail/pgp-key/', { key: key.publicKey });
    expect(added.statusCode).toBe(200);
    const fingerprint = added.json().pgp_fingerprint as string;
    expect(fingerprint.replaceAll(' ', '')).toMatch(/^[0-9A-F]{40}$/);

    const expired = await generateTestKey('old@example.test', {
      date: new Date(Date.now() - 10 * 24 * 60 * 60_000),
      keyExpirationTime: 60,
    });
    const revoked = await revokedPublicKey(await generateTestKey('gone@example.test'));
    for (const [bad, message] of [
      [expired.publicKey, /expired/i],
      [revoked, /revoked/i],
      [key.privateKey, /private key/i],
      ['not a key at all', /not an OpenPGP public key/i],
    ] as const) {
      const refused = await call(admin, 'PUT', '/api/accounts/mail/pgp-key/', { key: bad });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toMatch(message);
    }
    // The key added first is still there.
    expect((await call(admin, 'GET', '/api/accounts/mail/')).json().pgp_fingerprint).toBe(
      fingerprint,
    );
    const member = await createUser(t);
    expect(
      (await call(member, 'PUT', '/api/accounts/mail/pgp-key/', { key: key.publicKey })).statusCode,
    ).toBe(403);
  });

  it('encrypts alerts to the key (PGP/MIME): they decrypt with it, carry the title, and with no other key', async () => {
    const { admin, address, reporter } = await scope();
    await call(admin, 'PUT', '/api/accounts/mail/pgp-key/', { key: key.publicKey });
    const seen = smtp.to(address).length;
    const title = 'Encrypted title 2d7c';
    const report = await createReport(t, reporter, { title, description: 'Body 6a1b' });
    const [mail, ...more] = await newMail(address, seen);
    expect(more).toEqual([]);
    if (!mail) throw new Error('no alert');
    expect(mail.parsed.subject).toBe(ALERT_SUBJECT);
    expect(mail.raw).toMatch(
      /Content-Type: multipart\/encrypted; protocol="application\/pgp-encrypted"/,
    );
    expect(everythingIn(mail)).not.toContain(title);
    expect(everythingIn(mail)).not.toContain(report.token);
    const inside = await decryptWith(pgpMessageOf(mail), key.privateKey);
    const parsed = await simpleParser(inside);
    const decoded = `${parsed.text}\n${parsed.html}`;
    expect(decoded).toContain(title);
    expect(decoded).toContain(report.token);
    expect(decoded).not.toContain('Body 6a1b');
    const other = await generateTestKey('someone@example.test');
    await expect(decryptWith(pgpMessageOf(mail), other.privateKey)).rejects.toThrow();

    // Without the key, the content-free message again.
    await call(admin, 'DELETE', '/api/accounts/mail/pgp-key/');
    const after = smtp.to(address).length;
    await createReport(t, reporter, { title: 'Plain again 1e4d' });
    const [plain] = await newMail(address, after);
    expect(plain?.raw).not.toContain('multipart/encrypted');
    expect(everythingIn(plain as ReceivedMail)).not.toContain('Plain again 1e4d');
  });
});

describe('preferences', () => {
  it('off sends nothing; digest sends one mail a day at the chosen hour, references only', async () => {
    const { admin, address, reporter } = await scope();
    const off = await call(admin, 'PATCH', '/api/accounts/mail/', {
      preferences: { new_report: 'off' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences.new_report).toBe('off');
    let seen = smtp.to(address).length;
    await createReport(t, reporter, { title: 'Nobody told 5c2a' });
    expect(await newMail(address, seen)).toEqual([]);

    const digest = await call(admin, 'PATCH', '/api/accounts/mail/', {
      preferences: { new_report: 'digest' },
      digest_hour: 17,
    });
    expect(digest.json()).toMatchObject({ digest_hour: 17 });
    seen = smtp.to(address).length;
    const one = await createReport(t, reporter, { title: 'Digest one 0b3f' });
    const two = await createReport(t, reporter, { title: 'Digest two 9d8e' });
    expect(await newMail(address, seen)).toEqual([]);
    clock.set(new Date('2031-03-04T16:59:00Z'));
    expect(await newMail(address, seen)).toEqual([]);
    clock.set(new Date('2031-03-04T17:00:00Z'));
    const [mail, ...more] = await newMail(address, seen);
    expect(more).toEqual([]);
    expect(mail?.parsed.subject).toBe(ALERT_SUBJECT);
    const text = everythingIn(mail as ReceivedMail);
    expect(text).toContain(one.token);
    expect(text).toContain(two.token);
    expect(text).not.toContain('Digest one');
    expect(text).not.toContain('Digest two');
  });

  it('refuses to turn off missed deadlines and access changes', async () => {
    const { admin } = await scope();
    for (const kind of ['deadline_missed', 'access_changed']) {
      const refused = await call(admin, 'PATCH', '/api/accounts/mail/', {
        preferences: { [kind]: 'off' },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await call(admin, 'PATCH', '/api/accounts/mail/', { digest_hour: 24 })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'PATCH', '/api/accounts/mail/', { preferences: { new_report: 'loud' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('verified addresses', () => {
  it('mail goes only to a verified address; the link verifies once; a change tells the old address', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const reporter = await createUser(t, { organizationId });
    const address = `${admin.username}@example.test`;
    await createReport(t, reporter, { title: 'Before verifying' });
    expect(await newMail(address, 0)).toEqual([]);
    expect((await call(admin, 'GET', '/api/accounts/mail/')).json().is_verified).toBe(false);

    expect((await call(admin, 'POST', '/api/accounts/mail/verify/')).statusCode).toBe(202);
    const [verification] = await newMail(address, 0);
    if (!verification) throw new Error('no verification mail');
    const { token } = linkIn(verification, 'verify-email');
    const confirm = () => call(null, 'POST', '/api/accounts/mail/verify/confirm/', { token });
    expect((await confirm()).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/accounts/mail/')).json().is_verified).toBe(true);
    expect((await confirm()).statusCode).toBe(400);

    let seen = smtp.to(address).length;
    const report = await createReport(t, reporter, { title: 'After verifying' });
    const [alert] = await newMail(address, seen);
    expect(everythingIn(alert as ReceivedMail)).toContain(report.token);

    const changed = `changed-${admin.username}@example.test`;
    seen = smtp.to(address).length;
    const profile = await call(admin, 'PUT', '/api/accounts/profile/', {
      username: admin.username,
      email: changed,
    });
    expect(profile.statusCode).toBe(200);
    const [told, ...rest] = await newMail(address, seen);
    expect(rest).toEqual([]);
    expect(told?.parsed.text).toContain('email address of your Candor account was changed');
    const [newLink] = smtp.to(changed);
    expect(linkIn(newLink as ReceivedMail, 'verify-email').token).toBeTruthy();
    // The old address gets no alert any more, and neither does the new one until confirmed.
    seen = smtp.to(address).length;
    await createReport(t, reporter, { title: 'After the change' });
    expect(await newMail(address, seen)).toEqual([]);
    expect(smtp.to(changed)).toHaveLength(1);
    expect(
      (await call(null, 'POST', '/api/accounts/mail/verify/confirm/', { token: 'x.y.z' }))
        .statusCode,
    ).toBe(400);
    const member = await createUser(t);
    expect((await call(member, 'POST', '/api/accounts/mail/verify/')).statusCode).toBe(403);
  });
});

describe('password reset by email', () => {
  it('a staff member resets from the link once: every login ends, the second factor stays', async () => {
    const { admin, address } = await scope();
    const enrolled = await enrol(t, admin);
    const seen = smtp.to(address).length;
    const asked = await call(null, 'POST', '/api/accounts/password-reset/', { email: address });
    expect(asked.statusCode).toBe(202);
    const unknown = await call(null, 'POST', '/api/accounts/password-reset/', {
      email: 'nobody-here@example.test',
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(asked.json());
    const resets = (await newMail(address, seen)).filter(
      (received) => received.parsed.subject === 'Candor: reset your password',
    );
    expect(resets).toHaveLength(1);
    const [mail] = resets;
    const { token } = linkIn(mail as ReceivedMail, 'reset-password');
    const reset = () =>
      call(null, 'POST', '/api/accounts/password-reset/confirm/', {
        token,
        new_password: 'a-brand-new-passphrase',
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(400);
    // The old login is over; the new password works, and still asks for the second factor.
    expect(
      (await call({ ...admin, headers: enrolled.headers }, 'GET', '/api/accounts/profile/'))
        .statusCode,
    ).toBe(401);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: admin.username, password: 'a-brand-new-passphrase' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveProperty('challenge');
  });

  it('sends nothing to a reporter, answers the same, and is rate limited', async () => {
    const reporter = await createUser(t);
    const email = `${reporter.username}@example.test`;
    await verifyEmailOf(t, reporter.id);
    const asked = await call(null, 'POST', '/api/accounts/password-reset/', { email });
    expect(asked.statusCode).toBe(202);
    expect(await newMail(email, 0)).toEqual([]);
    await call(null, 'POST', '/api/accounts/password-reset/', { email });
    await call(null, 'POST', '/api/accounts/password-reset/', { email });
    expect((await call(null, 'POST', '/api/accounts/password-reset/', { email })).statusCode).toBe(
      429,
    );
    expect(await login(t, reporter.username, reporter.password)).toHaveProperty('access');
    expect(
      (await call(null, 'POST', '/api/accounts/password-reset/', { email: 'not an address' }))
        .statusCode,
    ).toBe(400);
  });
});
