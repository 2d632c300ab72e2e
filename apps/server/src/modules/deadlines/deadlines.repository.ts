import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, reports } from '../../db/schema';

/** The periods a new report is filed under: days to acknowledge, then the feedback period. */
export type FilingPeriods = {
  acknowledgeDays: number;
  feedback: { months: number } | { days: number };
};

function feedbackInterval(feedback: FilingPeriods['feedback']): SQL {
  return 'months' in feedback
    ? sql`make_interval(months => ${feedback.months}::int)`
    : sql`make_interval(days => ${feedback.days}::int)`;
}

/**
 * The clock columns of a report being inserted, counted from the database's `now()` (the same
 * instant as its `submitted_at`): feedback is due one period after the acknowledgement deadline
 * until the report is acknowledged.
 */
export function clockColumnsForNewReport(periods: FilingPeriods) {
  const acknowledgeBy = sql`now() + make_interval(days => ${periods.acknowledgeDays}::int)`;
  return {
    acknowledgeBy,
    feedbackPeriod: feedbackInterval(periods.feedback),
    feedbackBy: sql`now() + make_interval(days => ${periods.acknowledgeDays}::int) + ${feedbackInterval(periods.feedback)}`,
  } as unknown as { acknowledgeBy: Date; feedbackPeriod: string; feedbackBy: Date };
}

export async function findOrganizationPeriods(db: Executor, organizationId: number) {
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
