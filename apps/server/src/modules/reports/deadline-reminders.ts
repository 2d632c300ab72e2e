import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { JobDefinition } from '../../lib/scheduler';
import { insertAuditEntry } from '../audit/audit.service';
import * as repo from '../deadlines/deadlines.service';
import { createNotifications } from '../notifications/notifications.service';
import type { MailContext } from '../outbox/outbox';
import { notifyReportAdmins } from './report-access';

const DAY = 24 * 60 * 60_000;
/** Administrators in scope hear of a deadline this long before it. */
export const REMINDER_BEFORE_MS = 2 * DAY;
/** The superusers hear of a deadline still missed this long after it passed. */
export const ESCALATION_AFTER_MS = 7 * DAY;

/** The advisory lock key of a sending pass: one process at a time sends, whichever it is. */
const REMINDER_LOCK = [0x44_4c_49_4e, 1] as const;
const BATCH = 100;

const deadlineName: Record<repo.ReminderDeadline, string> = {
  acknowledge: 'Acknowledgement of receipt',
  feedback: 'Feedback to the reporter',
};

function messageOf(
  deadline: repo.ReminderDeadline,
  notice: repo.ReminderNotice,
  report: repo.ReminderCandidate,
): string {
  const what = deadlineName[deadline];
  if (notice === 'soon') return `${what} is due in 2 days.`;
  if (notice === 'overdue') return `${what} is overdue: the legal deadline has passed.`;
  // Superusers may not administer the report: its reference and organisation, not its title.
  const where = report.organizationName ? ` (${report.organizationName})` : ' (platform)';
  return `${what} for report ${report.reference}${where} has been overdue for 7 days.`;
}

/** Which deadlines each notice is owed for at `now`: due in `[from, to)`. */
function windowOf(notice: repo.ReminderNotice, now: Date): { from?: Date; to?: Date } {
  const at = now.getTime();
  if (notice === 'soon') return { from: now, to: new Date(at + REMINDER_BEFORE_MS) };
  if (notice === 'overdue') return { from: new Date(at - ESCALATION_AFTER_MS + 1), to: now };
  return { to: new Date(at - ESCALATION_AFTER_MS + 1) };
}

/**
 * Sends one notice: records it (only the first time: the primary key of `deadline_reminders`),
 * tells the administrators in the report's scope, or for an escalation every superuser, and
 * audits it, all in the caller's transaction. Notices about an anonymous report follow the
 * anonymity rules of every notice (notifications.service.ts): every recipient alike, addressed
 * by keyed tag, dated by the day. Answers whether it was sent now.
 */
async function sendNotice(
  ctx: MailContext,
  tx: Executor,
  deadline: repo.ReminderDeadline,
  notice: repo.ReminderNotice,
  report: repo.ReminderCandidate,
): Promise<boolean> {
  if (!(await repo.recordReminder(tx, report.id, deadline, notice))) return false;
  const message = messageOf(deadline, notice, report);
  if (notice === 'escalated') {
    const superusers = await repo.findSuperuserIds(tx);
    await createNotifications(
      ctx,
      tx,
      superusers.map((userId) => ({
        userId,
        aboutAnonymousReport: report.isAnonymous,
        message,
        // A link only to a report superusers administer (the platform's); the reference names
        // an organisation's report, whose page is its administrators'.
        reportId: report.organizationId === null ? report.id : null,
        reportTitle: null,
        reportReference: report.reference,
        alert: 'escalation' as const,
      })),
    );
  } else {
    await notifyReportAdmins(
      ctx,
      tx,
      report,
      message,
      undefined,
      notice === 'soon' ? 'deadline_soon' : 'deadline_missed',
    );
  }
  await insertAuditEntry(tx, {
    actorUserId: null,
    actorRole: 'system',
    action: notice === 'escalated' ? 'report.deadline_escalated' : 'report.deadline_reminder_sent',
    objectType: 'report',
    objectId: report.id,
    details: { deadline, notice, due: report.due.toISOString() },
  });
  return true;
}

export type ReminderCounts = Record<repo.ReminderNotice, number>;

/**
 * Sends the deadline notices owed at `now` (the job's time, from the injected clock): 2 days
 * before an acknowledgement or feedback deadline that is not met, on the day it passes, and to
 * the superusers 7 days after it passed. Each batch is found and sent in one transaction under
 * an advisory lock, so two processes never send at once; the rows of `deadline_reminders` make
 * each notice once only, across runs and restarts. Answers the counts, or null when another
 * process was sending.
 */
export async function sendDeadlineReminders(
  ctx: MailContext & Pick<AppContext, 'db'>,
  now: Date,
  signal?: AbortSignal,
): Promise<ReminderCounts | null> {
  const counts: ReminderCounts = { soon: 0, overdue: 0, escalated: 0 };
  for (const notice of repo.reminderNoticeOrder) {
    for (const deadline of repo.reminderDeadlineOrder) {
      for (;;) {
        if (signal?.aborted) return counts;
        const sent = await ctx.db.transaction(async (tx) => {
          const lock = (await tx.execute(
            sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK[0]}::int, ${REMINDER_LOCK[1]}::int) as locked`,
          )) as unknown as { rows: { locked: boolean }[] };
          if (!lock.rows[0]?.locked) return null;
          const batch = await repo.findReminderCandidates(
            tx,
            deadline,
            notice,
            windowOf(notice, now),
            BATCH,
          );
          let count = 0;
          for (const report of batch) {
            if (await sendNotice(ctx, tx, deadline, notice, report)) count += 1;
          }
          return { count, full: batch.length === BATCH };
        });
        if (sent === null) return null;
        counts[notice] += sent.count;
        if (!sent.full) break;
      }
    }
  }
  return counts;
}

/**
 * The reminders as a scheduled job (lib/scheduler.ts): every DEADLINE_REMINDER_INTERVAL_MINUTES,
 * the first a minute after the job is first scheduled; none when the interval is 0.
 */
export function deadlineRemindersJob(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash' | 'config'>,
): JobDefinition | null {
  const intervalMs = ctx.config.deadlines.reminderIntervalMs;
  if (intervalMs === 0) return null;
  return {
    name: 'deadline-reminders',
    intervalMs,
    firstRunDelayMs: Math.min(intervalMs, 60_000),
    async run({ now, signal }) {
      const counts = await sendDeadlineReminders(ctx, now, signal);
      if (!counts) return 'another process was sending';
      return `sent ${counts.soon} reminder(s), ${counts.overdue} overdue notice(s), ${counts.escalated} escalation(s)`;
    },
  };
}
