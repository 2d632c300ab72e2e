import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { application, applyOk } from '../../../test/access-requests';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createSuperuser,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { everythingIn, verifyEmailOf } from '../../../test/mail';
import { createReport } from '../../../test/reports';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { enrol } from '../../../test/two-factor';
import { ALERT_SUBJECT } from '../outbox/content';
import { sendDueMail } from '../outbox/outbox';
import { sendDeadlineReminders } from '../reports/deadline-reminders';

/**
 * Every kind of alert, sent through a real SMTP server and read there: each arrives, with the
 * one subject, and nothing the content-free rule forbids (docs/operating.md "Email").
 */
let smtp: TestSmtpServer;
let t: TestApp;
let superuser: TestUser;
let superAddress: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ env: smtp.env });
  superuser = await createSuperuser(t);
  superAddress = await verifyEmailOf(t, superuser.id);
});
afterAll(async () => {
  await t?.app.close();
  await smtp?.close();
});

const DAY = 24 * 60 * 60_000;

/** What arrived for `address` since `from`, once the outbox was sent. */
async function arrived(address: string, from: number) {
  await sendDueMail(t.app.ctx);
  return smtp.to(address).slice(from);
}

function expectContentFree(mails: ReturnType<typeof smtp.to>, forbidden: string[]) {
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    expect(mail.parsed.subject).toBe(ALERT_SUBJECT);
    const everything = everythingIn(mail).toLowerCase();
    for (const text of forbidden) expect(everything).not.toContain(text.toLowerCase());
    expect(mail.parsed.text).toContain('https://candor.test/login');
  }
}

describe('alerts', () => {
  it('a deadline in 2 days, a missed one, and the superuser escalation after 7 days', async () => {
    const organizationId = await createOrganization(t, 'Deadline Org 4e1a');
    const admin = await createAdmin(t, { organizationId });
    const address = await verifyEmailOf(t, admin.id);
    const reporter = await createUser(t, { organizationId });
    const title = 'Late acknowledgement 3c9d';
    const report = await createReport(t, reporter, { title, description: 'Deadline body 8a2f' });
    await sendDueMail(t.app.ctx);
    const forbidden = [title, 'Deadline body 8a2f', reporter.username, 'Deadline Org 4e1a'];

    let seen = smtp.to(address).length;
    await sendDeadlineReminders(t.app.ctx, new Date(Date.now() + 6 * DAY));
    const soon = await arrived(address, seen);
    expectContentFree(soon, forbidden);
    expect(soon.some((mail) => everythingIn(mail).includes(report.token))).toBe(true);

    seen = smtp.to(address).length;
    await sendDeadlineReminders(t.app.ctx, new Date(Date.now() + 8 * DAY));
    const missed = await arrived(address, seen);
    expectContentFree(missed, forbidden);
    expect(missed.some((mail) => everythingIn(mail).includes(report.token))).toBe(true);

    const superSeen = smtp.to(superAddress).length;
    await sendDeadlineReminders(t.app.ctx, new Date(Date.now() + 15 * DAY));
    const escalated = await arrived(superAddress, superSeen);
    expectContentFree(escalated, forbidden);
    expect(escalated.some((mail) => everythingIn(mail).includes(report.token))).toBe(true);
  });

  it('access changed: revoked, handed over, second factor set up or reset', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const address = await verifyEmailOf(t, admin.id);
    await sendDueMail(t.app.ctx);

    let seen = smtp.to(address).length;
    await enrol(t, admin);
    expectContentFree(await arrived(address, seen), [superuser.username]);

    seen = smtp.to(address).length;
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/two-factor/staff/${admin.id}/`,
      headers: superuser.headers,
    });
    expect(reset.statusCode).toBeLessThan(300);
    expectContentFree(await arrived(address, seen), [superuser.username]);

    seen = smtp.to(address).length;
    const member = await createUser(t, { organizationId });
    const handed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/organizations/${organizationId}/admins/`,
      headers: superuser.headers,
      payload: { user_id: member.id, replace: true },
    });
    expect(handed.statusCode).toBeLessThan(300);
    expectContentFree(await arrived(address, seen), [superuser.username, member.username]);

    const other = await createAdmin(t, { organizationId: await createOrganization(t) });
    const otherAddress = await verifyEmailOf(t, other.id);
    await sendDueMail(t.app.ctx);
    seen = smtp.to(otherAddress).length;
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${other.id}/revoke/`,
      headers: superuser.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expectContentFree(await arrived(otherAddress, seen), [superuser.username]);
  });

  it('a new administrator request reaches the superuser', async () => {
    const seen = smtp.to(superAddress).length;
    const body = application({ justification: 'Please let me in 6b0e' });
    await applyOk(t, body);
    const mails = await arrived(superAddress, seen);
    expectContentFree(mails, ['Please let me in 6b0e', body.email as string]);
  });
});
