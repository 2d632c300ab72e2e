import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createSuperuser,
  createUser,
  setUserFields,
} from '../../../test/factories';
import { everythingIn, verifyEmailOf } from '../../../test/mail';
import { createReport } from '../../../test/reports';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { sqlRows } from '../../../test/sql';
import { createManualClock } from '../../lib/clock';
import { ALERT_SUBJECT } from '../outbox/content';
import { nextDigestAt, sendDueMail } from '../outbox/outbox';

let smtp: TestSmtpServer;
let t: TestApp;
const clock = createManualClock(new Date());

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: { ...smtp.env, MAIL_MAX_ATTEMPTS: '3' }, clock });
});
afterAll(async () => {
  await t?.app.close();
  await smtp?.close();
});

async function pendingOf(kind: string) {
  return sqlRows<{ state: string; attempts: number; payload: Uint8Array | null }>(
    t.database.db,
    sql`select state, attempts, payload from mail_outbox where kind = ${kind}`,
  );
}

/** An organisation with an administrator whose address is verified, and a member who reports. */
async function scope() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(t, { organizationId });
  const address = await verifyEmailOf(t, admin.id);
  const reporter = await createUser(t, { organizationId });
  return { organizationId, admin, address, reporter };
}

async function drain() {
  return sendDueMail(t.app.ctx, clock.now());
}

describe('the outbox', () => {
  it('writes nothing while mail is off, and the product works as before', async () => {
    const off = await getTestApp();
    expect(off.app.ctx.mailer).toBeUndefined();
    const before = await sqlRows<{ n: number }>(
      off.database.db,
      sql`select count(*)::int as n from mail_outbox`,
    );
    const organizationId = await createOrganization(off);
    const admin = await createAdmin(off, { organizationId });
    await verifyEmailOf(off, admin.id);
    const reporter = await createUser(off, { organizationId });
    await createReport(off, reporter, { title: 'No mail at all' });
    const after = await sqlRows<{ n: number }>(
      off.database.db,
      sql`select count(*)::int as n from mail_outbox`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('sends a new-report alert that says only that something is waiting, its reference and where to sign in', async () => {
    const { address, reporter } = await scope();
    const title = 'Embezzlement at the depot 7f3a';
    const description = 'The night manager takes cash from the till 91c2.';
    const report = await createReport(t, reporter, { title, description });
    // Written with the report, sealed: nothing of it in the clear.
    const rows = await pendingOf('new_report');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const bytes = Buffer.from(row.payload as Uint8Array).toString('latin1');
      expect(bytes).not.toContain(report.token);
      expect(bytes).not.toContain(address);
    }

    const counts = await drain();
    expect(counts.sent).toBeGreaterThan(0);
    const [mail, ...more] = smtp.to(address);
    expect(more).toEqual([]);
    if (!mail) throw new Error('no alert arrived');
    expect(mail.parsed.subject).toBe(ALERT_SUBJECT);
    expect(mail.parsed.text).toContain('Something in Candor needs your attention.');
    expect(mail.parsed.text).toContain(report.token);
    expect(mail.parsed.text).toContain('https://candor.test/login');
    expect(mail.parsed.html).toContain('https://candor.test/login');
    const everything = everythingIn(mail);
    for (const forbidden of [title, description, reporter.username, 'safety', 'new report']) {
      expect(everything.toLowerCase()).not.toContain(forbidden.toLowerCase());
    }
    expect(await pendingOf('new_report')).toEqual([]);
  });

  it('sends a reporter reply alert to the administrators in scope, and nothing to the reporter', async () => {
    const { admin, address, reporter } = await scope();
    const reporterAddress = await verifyEmailOf(t, reporter.id);
    const report = await createReport(t, reporter, { title: 'Quiet reply 2b8c' });
    await drain();
    const before = smtp.to(address).length;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/comments/`,
      headers: reporter.headers,
      payload: { message: 'More details 5d1e' },
    });
    expect(reply.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/comments/`,
      headers: admin.headers,
      payload: { message: 'Thank you 0a4f' },
    });
    await drain();
    const alerts = smtp.to(address).slice(before);
    expect(alerts).toHaveLength(1);
    const everything = everythingIn(alerts[0] as (typeof alerts)[number]);
    expect(everything).toContain(report.token);
    expect(everything).not.toContain('More details 5d1e');
    expect(smtp.to(reporterAddress)).toEqual([]);
  });

  it('tries again after refusals, waiting longer each time, then sends once', async () => {
    const { address, reporter } = await scope();
    await drain();
    const report = await createReport(t, reporter, { title: 'Refused twice' });
    smtp.refuseNext(2);
    expect((await drain()).retried).toBe(1);
    // Not due yet: the wait has not passed.
    expect((await drain()).retried).toBe(0);
    clock.advance(60_000);
    expect((await drain()).retried).toBe(1);
    clock.advance(60_000);
    expect((await drain()).sent).toBe(0);
    clock.advance(60_000);
    expect((await drain()).sent).toBe(1);
    const alerts = smtp.to(address).filter((mail) => everythingIn(mail).includes(report.token));
    expect(alerts).toHaveLength(1);
  });

  it('marks a message failed after its last try, keeps nothing of it, and counts it in the metrics', async () => {
    const { reporter } = await scope();
    await drain();
    await createReport(t, reporter, { title: 'Refused always' });
    smtp.refuseNext(3);
    await drain();
    clock.advance(60_000);
    await drain();
    clock.advance(120_000);
    expect((await drain()).failed).toBe(1);
    const failed = (await pendingOf('new_report')).filter((row) => row.state === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.payload).toBeNull();
    expect(failed[0]?.attempts).toBe(3);
    clock.advance(24 * 60 * 60_000);
    expect(await drain()).toEqual({ sent: 0, retried: 0, failed: 0, dropped: 0 });

    const metrics = await t.app.ctx.metrics.registry.metrics();
    expect(metrics).toMatch(/candor_mail_outbox\{state="failed"\} 1/);
    expect(metrics).toMatch(/candor_mail_failed_total\{kind="new_report"\} 1/);
    expect(metrics).toMatch(/candor_mail_refused_total\{kind="new_report"\} [1-9]/);
  });

  it('survives a restart: what one server wrote, the next sends', async () => {
    const { address, reporter } = await scope();
    await drain();
    const report = await createReport(t, reporter, { title: 'Across a restart' });
    const next = await buildTestApp({ env: smtp.env, clock });
    try {
      await t.app.close();
      expect((await sendDueMail(next.app.ctx, clock.now())).sent).toBe(1);
      expect(
        smtp.to(address).filter((mail) => everythingIn(mail).includes(report.token)),
      ).toHaveLength(1);
    } finally {
      t = next;
    }
  });

  it('drops an alert whose recipient no longer has a verified address', async () => {
    const { admin, address, reporter } = await scope();
    await drain();
    await createReport(t, reporter, { title: 'Address changed since' });
    await setUserFields(t, admin.id, { email: `changed-${admin.id}@example.test` });
    expect((await drain()).dropped).toBe(1);
    expect(
      smtp.to(address).filter((mail) => everythingIn(mail).includes('Address changed')),
    ).toEqual([]);
  });

  it('tells an administrator deactivated or revoked before their alerts went of that change, and nothing more of the reports', async () => {
    const superuser = await createSuperuser(t);
    const change = async (id: number, what: 'deactivate' | 'revoke') => {
      const changed = await t.app.inject({
        method: 'POST',
        url: `/api/staff/${id}/${what}/`,
        headers: superuser.headers,
      });
      expect(changed.statusCode).toBe(200);
    };
    await drain();
    // Deactivated between the report's alert and its sending.
    const left = await scope();
    const seenLeft = smtp.to(left.address).length;
    const first = await createReport(t, left.reporter, { title: 'Filed as they left 3e1d' });
    await change(left.admin.id, 'deactivate');
    await drain();
    const [toLeft, ...moreToLeft] = smtp.to(left.address).slice(seenLeft);
    expect(moreToLeft).toEqual([]);
    if (!toLeft) throw new Error('the change of access was not sent');
    expect(toLeft.parsed.subject).toBe(ALERT_SUBJECT);
    expect(everythingIn(toLeft)).not.toContain(first.token);

    // Revoked while their digest waited: it holds the change alone.
    const revoked = await scope();
    const digest = await t.app.inject({
      method: 'PATCH',
      url: '/api/accounts/mail/',
      headers: revoked.admin.headers,
      payload: {
        preferences: { new_report: 'digest', access_changed: 'digest' },
        digest_hour: (clock.now().getUTCHours() + 1) % 24,
      },
    });
    expect(digest.statusCode).toBe(200);
    const seenRevoked = smtp.to(revoked.address).length;
    const second = await createReport(t, revoked.reporter, { title: 'Waiting in a digest 6a0b' });
    await change(revoked.admin.id, 'revoke');
    await drain();
    expect(smtp.to(revoked.address).slice(seenRevoked)).toEqual([]);
    clock.set(nextDigestAt(clock.now(), digest.json().digest_hour));
    await drain();
    const [toRevoked, ...moreToRevoked] = smtp.to(revoked.address).slice(seenRevoked);
    expect(moreToRevoked).toEqual([]);
    if (!toRevoked) throw new Error('the digest was not sent');
    expect(everythingIn(toRevoked)).not.toContain(second.token);
    // Both alerts of the digest are gone: the one sent and the one no longer theirs.
    for (const kind of ['new_report', 'access_changed']) {
      expect((await pendingOf(kind)).filter((row) => row.state !== 'failed')).toEqual([]);
    }
  });
});
