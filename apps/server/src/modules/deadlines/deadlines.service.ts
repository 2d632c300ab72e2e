import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import type { OrganizationPeriods } from './deadlines.repository';
import * as repo from './deadlines.repository';

export type { ClockColumns, OrganizationPeriods } from './deadlines.repository';
/**
 * The clocks' columns, the superusers they alert and the reminders sent, for the modules that
 * file reports and send their reminders, change an organisation's periods or grant access.
 */
export {
  clockColumnsForNewReport,
  type FilingPeriods,
  findReminderCandidates,
  findSuperuserIds,
  periodParams,
  placeholderPeriods,
  type ReminderCandidate,
  type ReminderDeadline,
  type ReminderNotice,
  recordReminder,
  reminderDeadlineOrder,
  reminderNoticeOrder,
  updateOrganizationPeriods,
} from './deadlines.repository';

/**
 * The shortest span of 1, 2 and 3 months (February first): an organisation's feedback period in
 * days applies only when it is no longer than that, so it is never later than the platform's.
 */
const SHORTEST_MONTHS_IN_DAYS: Record<number, number> = { 1: 28, 2: 59, 3: 89 };

/**
 * The periods a report filed now runs under: the platform's (configuration), or an
 * organisation's shorter ones.
 */
export async function filingPeriods(
  ctx: Pick<AppContext, 'config'>,
  db: Executor,
  organizationId: number | null,
): Promise<repo.FilingPeriods> {
  const own =
    organizationId === null ? null : await repo.findOrganizationPeriods(db, organizationId);
  return periodsOfFiling(ctx, own);
}

/** `filingPeriods`, given the organisation's own periods as read (null: none, or the platform). */
export function periodsOfFiling(
  ctx: Pick<AppContext, 'config'>,
  own: OrganizationPeriods | null,
): repo.FilingPeriods {
  const platform = ctx.config.deadlines;
  const acknowledgeDays = Math.min(platform.acknowledgeDays, own?.acknowledgeDays ?? Infinity);
  const shortest = SHORTEST_MONTHS_IN_DAYS[platform.feedbackMonths] ?? 28;
  const feedback =
    own?.feedbackDays != null && own.feedbackDays <= shortest
      ? { days: own.feedbackDays }
      : { months: platform.feedbackMonths };
  return { acknowledgeDays, feedback };
}

/** How an acknowledgement or feedback came about (recorded in the audit log). */
export type ClockCause = 'action' | 'reply' | 'status';

export type ClockEvents = {
  acknowledged: repo.ClockColumns | null;
  feedback: repo.ClockColumns | null;
};

const actorRoleOf = (admin: AuthUser) => (admin.isSuperuser ? 'superuser' : 'admin');

/**
 * Records what an administrator's act does to the report's legal clock, in the act's
 * transaction: the first reply to the reporter, status change or explicit acknowledgement
 * acknowledges; a reply marked as feedback or a final status gives feedback. Each event is
 * recorded once (the updates are conditional) and audited with whether it came on time.
 */
export async function recordClockEvents(
  tx: Executor,
  admin: AuthUser,
  reportId: number,
  act: { acknowledges: boolean; givesFeedback: boolean; cause: ClockCause; messageId?: number },
): Promise<ClockEvents> {
  const events: ClockEvents = { acknowledged: null, feedback: null };
  const extra = act.messageId === undefined ? {} : { message_id: act.messageId };
  if (act.acknowledges || act.givesFeedback) {
    // Feedback is also an answer: it acknowledges a report nobody acknowledged yet.
    events.acknowledged = await repo.markAcknowledged(tx, reportId);
    if (events.acknowledged) {
      const at = events.acknowledged.acknowledgedAt as Date;
      await insertAuditEntry(tx, {
        actorUserId: admin.id,
        actorRole: actorRoleOf(admin),
        action: 'report.acknowledged',
        objectType: 'report',
        objectId: reportId,
        details: {
          via: act.cause,
          due: events.acknowledged.acknowledgeBy.toISOString(),
          on_time: at.getTime() <= events.acknowledged.acknowledgeBy.getTime(),
          feedback_due: events.acknowledged.feedbackBy.toISOString(),
          ...extra,
        },
      });
    }
  }
  if (act.givesFeedback) {
    events.feedback = await repo.markFeedbackGiven(tx, reportId);
    if (events.feedback) {
      const at = events.feedback.feedbackAt as Date;
      await insertAuditEntry(tx, {
        actorUserId: admin.id,
        actorRole: actorRoleOf(admin),
        action: 'report.feedback_given',
        objectType: 'report',
        objectId: reportId,
        details: {
          via: act.cause,
          due: events.feedback.feedbackBy.toISOString(),
          on_time: at.getTime() <= events.feedback.feedbackBy.getTime(),
          ...extra,
        },
      });
    }
  }
  return events;
}

/** The columns a report record takes from the events (the later one has them all). */
export function clockColumnsOf(events: ClockEvents): Partial<repo.ClockColumns> {
  return events.feedback ?? events.acknowledged ?? {};
}
