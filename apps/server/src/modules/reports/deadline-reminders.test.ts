import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  getTestDatabase,
  openSecondHandle,
  type TestApp,
  testDatabaseUrl,
} from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createSuperuser,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { addressedTo } from '../../../test/notices';
import { createReport } from '../../../test/reports';
import { auditLog, deadlineReminders, notifications, scheduledJobs } from '../../db/schema';
import { createManualClock } from '../../lib/clock';
import { recordReminder } from '../deadlines/deadlines.service';
import type { NotificationContent } from '../notifications/notifications.service';
import { NOTIFICATION_PURPOSE } from '../notifications/notifications.service';
import { sendDeadlineReminders } from './deadline-reminders';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const clock = createManualClock(new Date());
let t: TestApp;
const env = { DEADLINE_REMINDER_INTERVAL_MINUTES: '60' };

beforeAll(async () => {
  // A fresh schedule for the job: earlier runs in this database may have left one.
  const database = await getTestDatabase();
  await database.db.delete(scheduledJobs).where(eq(scheduledJobs.name, 'deadline-reminders'));
  t = await buildTestApp({ env, clock });
});

afterAll(async () => {
  await t.app.close();
});

type Notice = {
  message: string;
  report: number | null;
  title: string | null;
  reference: string | null;
  /** Addressed to a keyed tag rather than the account. */
  tagged: boolean;
  createdAt: Date;
};

/** A user's deadline notices about `reportIds` (or naming `references`), oldest first. */
async function noticesFor(
  user: TestUser,
  reportIds: number[],
  references: string[] = [],
): Promise<Notice[]> {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(await addressedTo(t, user.id))
    .orderBy(asc(notifications.id));
  return rows
    .map((row) => {
      const content = t.app.ctx.sealer.openJson<NotificationContent>(
        row.payload,
        NOTIFICATION_PURPOSE,
      );
      return {
        message: content.message,
        report: content.report,
        title: content.report_title,
        reference: content.report_reference ?? null,
        tagged: row.userId === null && row.recipientTag !== null,
        createdAt: row.createdAt,
      };
    })
    .filter(
      (notice) =>
        ((notice.report !== null && reportIds.includes(notice.report)) ||
          (notice.reference !== null && references.includes(notice.reference))) &&
        notice.message !== 'A new report was submitted.',
    );
}

const messagesOf = (notices: Notice[], reportId: number) =>
  notices.filter((notice) => notice.report === reportId).map((notice) => notice.message);

async function runAt(at: number) {
  clock.set(new Date(at));
  const outcomes = await t.app.scheduler.runDue();
  const outcome = outcomes.find((entry) => entry.job === 'deadline-reminders');
  expect(outcome?.result).toBe('ok');
  return outcome?.detail;
}

const SOON_ACK = 'Acknowledgement of receipt is due in 2 days.';
const OVERDUE_ACK = 'Acknowledgement of receipt is overdue: the legal deadline has passed.';
const SOON_FEEDBACK = 'Feedback to the reporter is due in 2 days.';

describe('deadline reminders and escalation', () => {
  it('remind the admins in scope 2 days before and on the day, the superusers 7 days after, each once', async () => {
    const organizationId = await createOrganization(t, 'Reminder Works');
    const first = await createAdmin(t, { organizationId });
    const second = await createAdmin(t, { organizationId });
    const elsewhere = await createAdmin(t, { organizationId: await createOrganization(t) });
    const reporter = await createUser(t, { organizationId });
    const superuser = await createSuperuser(t);
    const anonymous = await createReport(t, reporter, { title: 'Hidden ledger' });
    const named = await createReport(t, reporter, { title: 'Named ledger', is_anonymous: 'false' });
    const ids = [anonymous.id, named.id];
    const refs = [anonymous.token, named.token];
    const ackBy = Date.parse(anonymous.acknowledge_by);
    expect(Math.abs(Date.parse(named.acknowledge_by) - ackBy)).toBeLessThan(HOUR / 2);
    const dueAt = Math.max(ackBy, Date.parse(named.acknowledge_by));
    const soonAt = Math.min(ackBy, Date.parse(named.acknowledge_by));

    // Three days before: nothing yet.
    await runAt(soonAt - 3 * DAY);
    expect(await noticesFor(first, ids)).toEqual([]);

    // Two days before: every admin in scope hears of both reports, nobody else.
    await runAt(dueAt - 2 * DAY + HOUR);
    for (const admin of [first, second]) {
      const notices = await noticesFor(admin, ids);
      expect(messagesOf(notices, anonymous.id)).toEqual([SOON_ACK]);
      expect(messagesOf(notices, named.id)).toEqual([SOON_ACK]);
    }
    expect(await noticesFor(elsewhere, ids)).toEqual([]);
    expect(await noticesFor(superuser, ids, refs)).toEqual([]);
    // The notice about the anonymous report follows the anonymity rules: the day only (to the
    // administrator's account, as every administrator in scope gets it).
    const [aboutAnonymous] = (await noticesFor(first, [anonymous.id])) as [Notice];
    expect(aboutAnonymous).toMatchObject({ tagged: false, title: 'Hidden ledger' });
    expect(aboutAnonymous.createdAt.getTime() % DAY).toBe(0);
    const [aboutNamed] = (await noticesFor(first, [named.id])) as [Notice];
    expect(aboutNamed.tagged).toBe(false);
    expect(aboutNamed.createdAt.getTime() % DAY).not.toBe(0);

    // An hour later, the next run sends nothing again.
    await runAt(dueAt - 2 * DAY + 2 * HOUR);
    expect(await noticesFor(first, ids)).toHaveLength(2);

    // The named report is acknowledged in time; the anonymous one is not.
    const acknowledged = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${named.id}/acknowledge/`,
      headers: first.headers,
    });
    expect(acknowledged.statusCode).toBe(200);

    // On the day it passes: the overdue notice, for the one not acknowledged only.
    await runAt(dueAt + HOUR);
    const onTheDay = await noticesFor(second, ids);
    expect(messagesOf(onTheDay, anonymous.id)).toEqual([SOON_ACK, OVERDUE_ACK]);
    expect(messagesOf(onTheDay, named.id)).toEqual([SOON_ACK]);

    // A restart (another process on the same database, its own clock) sends nothing twice.
    const restarted = await buildTestApp({
      env,
      clock: createManualClock(new Date(dueAt + 3 * HOUR)),
    });
    try {
      const [outcome] = await restarted.app.scheduler.runDue();
      expect(outcome).toMatchObject({ job: 'deadline-reminders', result: 'ok' });
    } finally {
      await restarted.app.close();
    }
    expect(await noticesFor(second, ids)).toHaveLength(3);

    // Six days later: still no escalation.
    await runAt(dueAt + 6 * DAY + HOUR);
    expect(await noticesFor(superuser, ids, refs)).toEqual([]);

    // Seven days after it passed: every superuser hears of it, by reference, not by title.
    await runAt(dueAt + 7 * DAY + HOUR);
    const escalated = await noticesFor(superuser, ids, refs);
    expect(escalated).toHaveLength(1);
    // The report is the organisation's, which superusers do not administer: no link to it.
    expect(escalated[0]).toMatchObject({
      report: null,
      title: null,
      reference: anonymous.token,
      tagged: false,
      message: `Acknowledgement of receipt for report ${anonymous.token} (Reminder Works) has been overdue for 7 days.`,
    });
    expect(await noticesFor(first, ids)).toHaveLength(3);

    // Feedback on the named report falls due: the admins are reminded two days before.
    const feedbackBy = Date.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/reports/${named.id}/`,
          headers: first.headers,
        })
      ).json().feedback_by,
    );
    await runAt(feedbackBy - 2 * DAY + HOUR);
    expect(messagesOf(await noticesFor(first, ids), named.id)).toEqual([SOON_ACK, SOON_FEEDBACK]);
    await runAt(feedbackBy - 2 * DAY + 2 * HOUR);
    expect(messagesOf(await noticesFor(first, ids), named.id)).toEqual([SOON_ACK, SOON_FEEDBACK]);

    // One row per notice sent, and each audited once by the system.
    const sent = await t.database.db
      .select({
        reportId: deadlineReminders.reportId,
        deadline: deadlineReminders.deadline,
        notice: deadlineReminders.notice,
      })
      .from(deadlineReminders)
      .where(sql`${deadlineReminders.reportId} in (${sql.join(ids, sql`, `)})`);
    expect(sent).toEqual(
      expect.arrayContaining([
        { reportId: anonymous.id, deadline: 'acknowledge', notice: 'soon' },
        { reportId: anonymous.id, deadline: 'acknowledge', notice: 'overdue' },
        { reportId: anonymous.id, deadline: 'acknowledge', notice: 'escalated' },
        { reportId: named.id, deadline: 'acknowledge', notice: 'soon' },
        { reportId: named.id, deadline: 'feedback', notice: 'soon' },
      ]),
    );
    const audited = await t.database.db
      .select({
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        actorRole: auditLog.actorRole,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.objectType, 'report'),
          eq(auditLog.objectId, String(anonymous.id)),
          sql`${auditLog.action} in ('report.deadline_reminder_sent', 'report.deadline_escalated')`,
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(audited).toEqual([
      {
        action: 'report.deadline_reminder_sent',
        actorUserId: null,
        actorRole: 'system',
        details: { deadline: 'acknowledge', notice: 'soon', due: anonymous.acknowledge_by },
      },
      {
        action: 'report.deadline_reminder_sent',
        actorUserId: null,
        actorRole: 'system',
        details: { deadline: 'acknowledge', notice: 'overdue', due: anonymous.acknowledge_by },
      },
      {
        action: 'report.deadline_escalated',
        actorUserId: null,
        actorRole: 'system',
        details: { deadline: 'acknowledge', notice: 'escalated', due: anonymous.acknowledge_by },
      },
    ]);
  });

  it('leaves cancelled reports alone', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const reporter = await createUser(t, { organizationId });
    const report = await createReport(t, reporter);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/cancel/`,
      headers: reporter.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    // Months on (the clock only moves forward): every deadline of it has long passed.
    await runAt(Math.max(clock.now().getTime(), Date.parse(report.acknowledge_by)) + 8 * DAY);
    expect(await noticesFor(admin, [report.id])).toEqual([]);
  });

  it('sends each notice once when two processes send at the same moment', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const reporter = await createUser(t, { organizationId });
    const report = await createReport(t, reporter);
    // Another server process: its own connections to the same database on PostgreSQL.
    const handle = testDatabaseUrl ? await openSecondHandle() : undefined;
    const other = await buildTestApp({ env, ...(handle ? { database: handle } : {}) });
    try {
      const at = new Date(Date.parse(report.acknowledge_by) - 2 * DAY + HOUR);
      const passes = await Promise.all([
        sendDeadlineReminders(t.app.ctx, at),
        sendDeadlineReminders(other.app.ctx, at),
        sendDeadlineReminders(t.app.ctx, at),
      ]);
      // One pass sent it; any other found the lock taken (null) or nothing left to send.
      const sent = passes.reduce((sum, counts) => sum + (counts?.soon ?? 0), 0);
      expect(sent).toBeGreaterThanOrEqual(1);
      expect(messagesOf(await noticesFor(admin, [report.id]), report.id)).toEqual([SOON_ACK]);
      // Whoever comes late finds the notice recorded: the primary key lets one record it.
      expect(await recordReminder(t.database.db, report.id, 'acknowledge', 'soon')).toBe(false);
      expect(await recordReminder(t.database.db, report.id, 'acknowledge', 'overdue')).toBe(true);
    } finally {
      await other.app.close();
      await handle?.close();
    }
  });
});
