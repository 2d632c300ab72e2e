import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { addressedTo, unsentAlertsTo } from '../../../test/notices';
import { createReport, setReportStatus } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import {
  auditLog,
  mailOutbox,
  notifications,
  reportMessages,
  reports,
  users,
} from '../../db/schema';
import { adminNoticeRows } from '../notifications/notifications.service';
import { isStaleReplyView, replyViewOf } from '../reports/report-access';
import { writeReporterMessage } from './comments.repository';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const thread = (id: number, user: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/reports/${id}/comments/`, headers: user.headers });
const send = (id: number, user: TestUser, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reports/${id}/comments/`,
    headers: user.headers,
    payload,
  });

async function noticesFor(userId: number) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    // To the account, and to them as the reporter of their anonymous reports.
    .where(await addressedTo(t, userId));
  return rows.map((row) =>
    t.app.ctx.sealer.openJson<{ message: string; report: number }>(
      row.payload,
      'notification.payload',
    ),
  );
}

describe('report conversation', () => {
  it("answers a reporter's message as the thread then shows it", async () => {
    const owner = await createUser(t);
    await createAdmin(t);
    for (const isAnonymous of ['true', 'false']) {
      const report = await createReport(t, owner, { is_anonymous: isAnonymous });
      const sent = await send(report.id, owner, { message: 'One more thing I remembered.' });
      expect(sent.statusCode).toBe(201);
      const shown = (await thread(report.id, owner)).json();
      expect(shown.at(-1)).toEqual(sent.json());
    }
  });

  it('returns the thread in order with sender flags for each viewer', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, owner);
    const first = await send(report.id, owner, { message: 'Hello, is anyone there?' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Hello, is anyone there?',
      is_internal: false,
      is_sender_admin: false,
      is_current_user_sender: true,
      display_sender_name: 'Anonymous reporter',
    });
    await send(report.id, admin, { message: 'Yes, we are looking into it.' });

    const ownerView = (await thread(report.id, owner)).json();
    expect(ownerView.map((m: { message: string }) => m.message)).toEqual([
      'Hello, is anyone there?',
      'Yes, we are looking into it.',
    ]);
    // The reporter is told the role, not which colleague wrote (docs/protection.md, "Who reads
    // it, and their names"); the administrators see each other's names.
    expect(ownerView[1]).toMatchObject({
      is_sender_admin: true,
      is_current_user_sender: false,
      display_sender_name: 'Administrator',
    });
    expect(JSON.stringify(ownerView)).not.toContain(admin.username);
    const adminView = (await thread(report.id, admin)).json();
    expect(adminView[0]).toMatchObject({
      display_sender_name: 'Anonymous reporter',
      is_current_user_sender: false,
    });
    expect(adminView[1]).toMatchObject({
      is_current_user_sender: true,
      display_sender_name: admin.username,
    });
  });

  it('never shows internal notes to the reporter', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, owner);
    const note = await send(report.id, admin, {
      message: 'Internal: check CCTV',
      is_internal: true,
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().is_internal).toBe(true);
    const ownerView = await thread(report.id, owner);
    expect(ownerView.json()).toEqual([]);
    expect(ownerView.body).not.toContain('CCTV');
    expect((await thread(report.id, admin)).json()).toHaveLength(1);
  });

  it('refuses an internal note from a non-admin', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const response = await send(report.id, owner, { message: 'Sneaky', is_internal: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      is_internal: ['Only administrators can write internal notes.'],
    });
  });

  it('refuses empty, whitespace-only and unknown-field messages', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    expect((await send(report.id, owner, { message: '' })).json()).toEqual({
      message: ['A message cannot be empty.'],
    });
    expect((await send(report.id, owner, { message: ' \n\t ' })).statusCode).toBe(400);
    expect((await send(report.id, owner, { message: 'x', sender: 'admin' })).json()).toEqual({
      sender: ['This field is not allowed.'],
    });
    expect((await send(report.id, owner, {})).statusCode).toBe(400);
  });

  it('refuses messages on a cancelled report', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await setReportStatus(t, report.id, 'cancelled');
    const response = await send(report.id, owner, { message: 'Still there?' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'This report has been cancelled, so no new messages can be sent.',
    });
  });

  it('answers 404 to a user who neither owns nor administers the report', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const report = await createReport(t, owner);
    expect((await thread(report.id, stranger)).statusCode).toBe(404);
    expect((await send(report.id, stranger, { message: 'Hi' })).statusCode).toBe(404);
  });

  it('answers an empty thread as an empty list, and a report that does not exist as 404', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    const empty = await thread(report.id, owner);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect((await thread(2_000_000_000, owner)).statusCode).toBe(404);
  });

  it('records the anonymous reporter as "the reporter" and stores every message encrypted', async () => {
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await send(report.id, owner, { message: 'Sealed words' });
    const [row] = await t.database.db
      .select()
      .from(reportMessages)
      .where(eq(reportMessages.reportId, report.id));
    expect(row).toMatchObject({ senderKind: 'reporter', senderUserId: null });
    expect(row?.body.toString('utf8')).not.toContain('Sealed words');
  });

  it('notifies the anonymous reporter of a reply but not of an internal note', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, owner);
    await send(report.id, admin, { message: 'Note only', is_internal: true });
    expect(await noticesFor(owner.id)).toEqual([]);
    await send(report.id, admin, { message: 'A reply' });
    expect(await noticesFor(owner.id)).toEqual([
      expect.objectContaining({
        message: 'An administrator replied to your report.',
        report: report.id,
      }),
    ]);
  });

  it('notifies admins of a reporter’s message without naming the reporter', async () => {
    const admin = await createAdmin(t);
    const owner = await createUser(t);
    const report = await createReport(t, owner);
    await send(report.id, owner, { message: 'More detail' });
    const notices = (await noticesFor(admin.id)).filter((n) => n.report === report.id);
    expect(notices.map((n) => n.message)).toContain('The reporter sent a new message.');
    expect(JSON.stringify(notices)).not.toContain(owner.username);
  });

  it('writes an audit row for each admin reply and internal note', async () => {
    const admin = await createAdmin(t);
    const report = await createReport(t, await createUser(t));
    await send(report.id, admin, { message: 'Reply' });
    await send(report.id, admin, { message: 'Note', is_internal: true });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'report'), eq(auditLog.objectId, String(report.id))));
    // The reply also acknowledged the report (the legal clock).
    expect(rows.map((row) => row.action).sort()).toEqual([
      'report.acknowledged',
      'report.admin_reply_sent',
      'report.internal_note_added',
    ]);
    expect(rows.every((row) => row.actorUserId === admin.id)).toBe(true);
  });
});

describe("a reporter's message, its administrators' notices and the report's touch in one statement", () => {
  /** Written on the report's view as it is now, so only `rows` and `alerts` can refuse it. */
  const write = async (reportId: number, rows: string, alerts: string | null = null) =>
    writeReporterMessage(
      t.database.db,
      {
        reportId,
        senderUserId: null,
        body: t.app.ctx.sealer.seal('Written alone.', 'message.body'),
      },
      { rows, alerts, viewDigest: (await replyViewOf(t.app.ctx, reportId, true))?.digest ?? '' },
    );
  const unsent = Buffer.from('an alert this test writes and removes');
  const alertsTo = (userIds: number[]) => unsentAlertsTo(userIds, 'reporter_reply', unsent);
  const outboxRows = async () => (await t.database.db.select().from(mailOutbox)).length;
  const noticeTo = (reportId: number, userIds: number[]) =>
    adminNoticeRows(
      t.app.ctx,
      userIds.map((userId) => ({
        userId,
        aboutAnonymousReport: true,
        message: 'The reporter sent a new message.',
        reportId,
      })),
    );

  it('tells no one, by notice or email, who stopped being an active administrator after who is told was read', async () => {
    const owner = await createUser(t);
    const staying = await createAdmin(t);
    const deactivated = await createAdmin(t);
    const demoted = await createAdmin(t);
    const report = await createReport(t, owner, { is_anonymous: 'true' });
    // Read while all three were administrators; two of them change before the write.
    const notices = noticeTo(report.id, [staying.id, deactivated.id, demoted.id]);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));

    const noticesOf = async () =>
      (
        await t.database.db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(inArray(notifications.userId, [staying.id, deactivated.id, demoted.id]))
      ).map((notice) => notice.userId);
    const before = await noticesOf();
    const mailBefore = await outboxRows();
    const everyone = [staying.id, deactivated.id, demoted.id];
    const { row, told } = await write(report.id, notices.rows, alertsTo(everyone));
    expect(told.map((notice) => notice.user_id)).toEqual([staying.id]);
    expect(notices.signalsOf(told)).toEqual([{ id: told[0]?.id, userId: staying.id }]);
    expect((await noticesOf()).sort()).toEqual([...before, staying.id].sort());
    // Their email alerts alike: one, to the administrator still one.
    expect(await outboxRows()).toBe(mailBefore + 1);
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.payload, unsent));

    // One transaction: the message, the notice and the report's touch share their xmin.
    const xmins = await sqlRows<{ xmin: string }>(
      t.database.db,
      sql`select xmin::text from report_messages where id = ${row.id}
          union all select xmin::text from notifications where id = ${told[0]?.id ?? 0}
          union all select xmin::text from reports where id = ${report.id}`,
    );
    expect(xmins).toHaveLength(3);
    expect(new Set(xmins.map((one) => one.xmin)).size).toBe(1);
  });

  it('writes all of it or none: a notice that cannot be written leaves no message and no touch', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const report = await createReport(t, owner, { is_anonymous: 'true' });
    const [before] = await t.database.db
      .select({ updatedAt: reports.updatedAt })
      .from(reports)
      .where(eq(reports.id, report.id));
    const noticesBefore = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    const broken = JSON.stringify([{ user_id: admin.id, payload: '@not base64@', by_day: true }]);
    const refused = await write(report.id, broken).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    // Refused for its notice, not mistaken for a view that changed.
    expect(isStaleReplyView(refused)).toBe(false);
    const messages = await t.database.db
      .select()
      .from(reportMessages)
      .where(eq(reportMessages.reportId, report.id));
    expect(messages).toEqual([]);
    const [after] = await t.database.db
      .select({ updatedAt: reports.updatedAt })
      .from(reports)
      .where(eq(reports.id, report.id));
    expect(after).toEqual(before);
    const noticesToAdmin = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(noticesToAdmin).toHaveLength(noticesBefore.length);
  });
});
