import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, organizations, reports } from '../../db/schema';

/**
 * The number of days a report of an organisation with `organizationDays` is kept after it
 * closed: the organisation's own period, never longer than the platform's.
 */
export function retentionDaysSql(platformDays: number) {
  return sql<number>`least(${platformDays}::int, coalesce(${organizations.retentionDays}, ${platformDays}::int))`;
}

export type DueReport = {
  id: number;
  status: string;
  evidenceKey: string | null;
  isAnonymous: boolean;
  isGuest: boolean;
};

/** Closed reports whose retention ended on or before `today` (a UTC day), oldest first. */
export async function findDueReports(
  db: Executor,
  options: { today: string; platformDays: number; limit: number },
): Promise<DueReport[]> {
  return db
    .select({
      id: reports.id,
      status: reports.status,
      evidenceKey: reports.evidenceKey,
      isAnonymous: reports.isAnonymous,
      isGuest: reports.isGuest,
    })
    .from(reports)
    .leftJoin(organizations, eq(organizations.id, reports.organizationId))
    .where(
      sql`${reports.closedOn} is not null and ${reports.status} in ('resolved', 'rejected', 'cancelled') and ${reports.closedOn} + ${retentionDaysSql(options.platformDays)} <= ${options.today}::date`,
    )
    .orderBy(asc(reports.closedOn), asc(reports.id))
    .limit(options.limit);
}

/** Deletes the report (its messages, reads and receipt go with it): whether it was there. */
export async function deleteClosedReport(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(reports)
    .where(
      sql`${reports.id} = ${id} and ${reports.status} in ('resolved', 'rejected', 'cancelled')`,
    )
    .returning({ id: reports.id });
  return rows.length === 1;
}

/** A page of sealed notices after `afterId`, in id order. */
export async function pageNotifications(db: Executor, afterId: number, limit: number) {
  return db
    .select({ id: notifications.id, payload: notifications.payload })
    .from(notifications)
    .where(gt(notifications.id, afterId))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

export async function deleteNotifications(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(notifications).where(inArray(notifications.id, ids));
}

export async function setOrganizationRetention(
  db: Executor,
  organizationId: number,
  retentionDays: number | null,
) {
  await db.update(organizations).set({ retentionDays }).where(eq(organizations.id, organizationId));
}
