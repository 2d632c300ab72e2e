import type { ReportCategory, ReportStatus } from '@candor/contract/enums';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reportCounts, reports } from '../../db/schema';
import { selectReports } from '../reports/reports.repository';

export type AdminReportFilter = {
  /** The admin's organisation; null for a platform admin, who sees every report. */
  organizationId: number | null;
  status?: ReportStatus;
  category?: ReportCategory;
  ids?: number[];
};

/**
 * `id = any($1)`: one array parameter, where `in ($1, $2, ...)` would fail past the 65,535
 * parameters a statement may bind (a broad search, or the whole unpaged list).
 */
function idIn(ids: number[]): SQL {
  return sql`${reports.id} = any(${sql.param(ids)}::int[])`;
}

function whereOf(filter: AdminReportFilter): SQL | undefined {
  return and(
    filter.organizationId === null ? undefined : eq(reports.organizationId, filter.organizationId),
    filter.status ? eq(reports.status, filter.status) : undefined,
    filter.category ? eq(reports.category, filter.category) : undefined,
    filter.ids ? idIn(filter.ids) : undefined,
  );
}

/**
 * A page in two steps: the ids by index (order and limit on the reports table alone), then
 * those rows with their joins. One plan that joins first would sort every report.
 */
export async function findReportsPage(
  db: Executor,
  filter: AdminReportFilter,
  page: { order: 'newest' | 'oldest'; limit?: number; offset?: number },
) {
  const direction = page.order === 'newest' ? desc : asc;
  const idQuery = db
    .select({ id: reports.id })
    .from(reports)
    .where(whereOf(filter))
    .orderBy(direction(reports.submittedAt), direction(reports.id))
    .offset(page.offset ?? 0);
  const ids = (await (page.limit === undefined ? idQuery : idQuery.limit(page.limit))).map(
    (row) => row.id,
  );
  if (ids.length === 0) return [];
  const rows = await selectReports(db).where(idIn(ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

export async function countReports(db: Executor, filter: AdminReportFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reports).where(whereOf(filter));
  return row?.total ?? 0;
}

/** What a text search matches first, without joins: the sealed descriptions come after. */
export async function findSearchableReports(db: Executor, filter: AdminReportFilter) {
  return db
    .select({ id: reports.id, title: reports.title, category: reports.category })
    .from(reports)
    .where(whereOf(filter));
}

export async function findSealedDescriptions(db: Executor, ids: number[]) {
  return db
    .select({ id: reports.id, description: reports.description })
    .from(reports)
    .where(idIn(ids));
}

/**
 * The kept counts of each group (migration 0004): a few rows per organisation, whatever the
 * number of reports. A platform admin's figures add up every organisation's.
 */
export async function countReportsByGroup(db: Executor, organizationId: number | null) {
  return db
    .select({
      status: reportCounts.status,
      category: reportCounts.category,
      priority: reportCounts.priorityFlag,
      anonymous: reportCounts.isAnonymous,
      total: sql<number>`sum(${reportCounts.total})::int`,
    })
    .from(reportCounts)
    .where(organizationId === null ? undefined : eq(reportCounts.organizationKey, organizationId))
    .groupBy(
      reportCounts.status,
      reportCounts.category,
      reportCounts.priorityFlag,
      reportCounts.isAnonymous,
    );
}
