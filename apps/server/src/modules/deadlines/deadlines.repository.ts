import { and, asc, eq, gte, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  deadlineReminders,
  organizations,
  type reminderDeadlines,
  type reminderNotices,
  reports,
  users,
} from '../../db/schema';

/** The periods a new report is filed under: days to acknowledge, then the feedback period. */
export type FilingPeriods = {
  acknowledgeDays: number;
  feedback: { months: number } | { days: number };
};

/**
 * The periods as a prepared statement's parameters (`periodParams` fills them): the feedback
 * period in months or in days, the other one zero.
 */
type PeriodValues = { acknowledgeDays: unknown; feedbackMonths: unknown; feedbackDays: unknown };

export const placeholderPeriods: PeriodValues = {
  acknowledgeDays: sql.placeholder('acknowledgeDays'),
  feedbackMonths: sql.placeholder('feedbackMonths'),
  feedbackDays: sql.placeholder('feedbackDays'),
};

export function periodParams(periods: FilingPeriods) {
  return {
    acknowledgeDays: periods.acknowledgeDays,
    feedbackMonths: 'months' in periods.feedback ? periods.feedback.months : 0,
    feedbackDays: 'days' in periods.feedback ? periods.feedback.days : 0,
  };
}

function feedbackInterval(values: PeriodValues): SQL {
  return sql`make_interval(months => ${values.feedbackMonths}::int, days => ${values.feedbackDays}::int)`;
}

/**
 * The clock columns of a report being inserted, counted from the database's `now()` (the same
 * instant as its `submitted_at`): feedback is due one period after the acknowledgement deadline
 * until the report is acknowledged.
 */
export function clockColumnsForNewReport(periods: FilingPeriods | PeriodValues) {
  const values = 'feedback' in periods ? periodParams(periods) : periods;
  const acknowledgeBy = sql`now() + make_interval(days => ${values.acknowledgeDays}::int)`;
  return {
    acknowledgeBy,
    feedbackPeriod: feedbackInterval(values),
    feedbackBy: sql`now() + make_interval(days => ${values.acknowledgeDays}::int) + ${feedbackInterval(values)}`,
  } as unknown as { acknowledgeBy: Date; feedbackPeriod: string; feedbackBy: Date };
}

/** An organisation's own periods (null where it keeps the platform's). */
export type OrganizationPeriods = { acknowledgeDays: number | null; feedbackDays: number | null };

export async function findOrganizationPeriods(
  db: Executor,
  organizationId: number,
): Promise<OrganizationPeriods | null> {
  const [row] = await db
    .select({
      acknowledgeDays: organizations.acknowledgeDays,
      feedbackDays: organizations.feedbackDays,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}

export async function updateOrganizationPeriods(
  db: Executor,
  organizationId: number,
  values: { acknowledgeDays: number | null; feedbackDays: number | null },
) {
  await db.update(organizations).set(values).where(eq(organizations.id, organizationId));
}

const clockColumns = {
  acknowledgeBy: reports.acknowledgeBy,
  acknowledgedAt: reports.acknowledgedAt,
  feedbackBy: reports.feedbackBy,
  feedbackAt: reports.feedbackAt,
};
export type ClockColumns = {
  acknowledgeBy: Date;
  acknowledgedAt: Date | null;
  feedbackBy: Date;
  feedbackAt: Date | null;
};

/**
 * Marks the report acknowledged now, only if it was not yet (and is not cancelled), so two
 * acknowledgements at once record one. Feedback then falls due one period after the
 * acknowledgement, or after the acknowledgement deadline when it came late: a late
 * acknowledgement never extends the time for feedback.
 */
export async function markAcknowledged(db: Executor, id: number): Promise<ClockColumns | null> {
  const [row] = await db
    .update(reports)
    .set({
      acknowledgedAt: sql`now()`,
      feedbackBy: sql`least(now(), ${reports.acknowledgeBy}) + ${reports.feedbackPeriod}`,
    })
    .where(and(eq(reports.id, id), isNull(reports.acknowledgedAt), ne(reports.status, 'cancelled')))
    .returning(clockColumns);
  return row ?? null;
}

/** Marks feedback given now, only the first time. */
export async function markFeedbackGiven(db: Executor, id: number): Promise<ClockColumns | null> {
  const [row] = await db
    .update(reports)
    .set({ feedbackAt: sql`now()` })
    .where(and(eq(reports.id, id), isNull(reports.feedbackAt), ne(reports.status, 'cancelled')))
    .returning(clockColumns);
  return row ?? null;
}

export type ReminderDeadline = (typeof reminderDeadlines)[number];
export type ReminderNotice = (typeof reminderNotices)[number];

/** A report with a deadline a notice is owed for. */
export type ReminderCandidate = {
  id: number;
  title: string;
  reference: string;
  organizationId: number | null;
  organizationName: string | null;
  isAnonymous: boolean;
  ownerUserId: number | null;
  ownerHash: string | null;
  due: Date;
};

/**
 * Reports whose `deadline` is not met and falls in `[from, to)` (either end open), not cancelled,
 * for which `notice` was not sent yet; the earliest due first.
 */
export async function findReminderCandidates(
  db: Executor,
  deadline: ReminderDeadline,
  notice: ReminderNotice,
  window: { from?: Date; to?: Date },
  limit: number,
): Promise<ReminderCandidate[]> {
  const due = deadline === 'acknowledge' ? reports.acknowledgeBy : reports.feedbackBy;
  const met = deadline === 'acknowledge' ? reports.acknowledgedAt : reports.feedbackAt;
  const conditions: SQL[] = [
    isNull(met),
    ne(reports.status, 'cancelled'),
    sql`not exists (select 1 from ${deadlineReminders} where ${deadlineReminders.reportId} = ${reports.id} and ${deadlineReminders.deadline} = ${deadline} and ${deadlineReminders.notice} = ${notice})`,
  ];
  if (window.from) conditions.push(gte(due, window.from));
  if (window.to) conditions.push(lt(due, window.to));
  return db
    .select({
      id: reports.id,
      title: reports.title,
      reference: reports.reference,
      organizationId: reports.organizationId,
      organizationName: organizations.name,
      isAnonymous: reports.isAnonymous,
      ownerUserId: reports.ownerUserId,
      ownerHash: reports.ownerHash,
      due,
    })
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.organizationId))
    .where(and(...conditions))
    .orderBy(asc(due), asc(reports.id))
    .limit(limit);
}

/**
 * Records that `notice` about the report's `deadline` is sent: true for the first caller only
 * (the primary key), so a notice recorded in the transaction that creates it is never sent twice.
 */
export async function recordReminder(
  db: Executor,
  reportId: number,
  deadline: ReminderDeadline,
  notice: ReminderNotice,
): Promise<boolean> {
  const rows = await db
    .insert(deadlineReminders)
    .values({ reportId, deadline, notice })
    .onConflictDoNothing()
    .returning({ reportId: deadlineReminders.reportId });
  return rows.length === 1;
}

/** Every active superuser. */
export async function findSuperuserIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** The order a pass sends in: reminders, then overdue notices, then escalations. */
export const reminderNoticeOrder: readonly ReminderNotice[] = ['soon', 'overdue', 'escalated'];
export const reminderDeadlineOrder: readonly ReminderDeadline[] = ['acknowledge', 'feedback'];
