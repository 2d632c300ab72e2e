import type { AdminReportOrder } from '@candor/contract/admin';
import type { ReportCategory, ReportStatus } from '@candor/contract/enums';
import {
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  organizations,
  reportCounts,
  reportExclusions,
  reportMessages,
  reportReads,
  reports,
  reportTagAssignments,
  users,
} from '../../db/schema';
import {
  reportColumns,
  selectReports,
  unadministeredOrganizationIds,
} from '../reports/reports.service';

export type AdminReportFilter = {
  /** The admin's organisation; null for a platform admin, who sees the reports of none. */
  organizationId: number | null;
  status?: ReportStatus;
  category?: ReportCategory;
  priority?: boolean;
  ids?: number[];
  /** Only reports whose next legal deadline is before this instant. */
  overdueAt?: Date;
  /** Only reports whose next legal deadline is in `[from, to)` (not yet passed, soon). */
  dueBetween?: { from: Date; to: Date };
  /**
   * A platform admin's scope also holds these organisations' reports: those every administrator
   * of their organisation filed (report-access.ts `isPlatformsToHandle`).
   */
  platformIds?: number[];
  /** Only the reports assigned to this handler. */
  assigneeId?: number;
  /** Only the reports assigned to nobody. */
  unassigned?: boolean;
  /** Leaves out the reports whose reporter kept this handler (by tag) from them. */
  excludedTag?: string;
  /** Only the reports carrying this tag (one of the caller's scope). */
  tagId?: number;
};

/** An account and the ids of the anonymous reports it filed (owners/owner-index.ts). */
export type Filer = { userId: number; anonymousIds: number[] };

/**
 * `id = any($1)`: one array parameter, where `in ($1, $2, ...)` would fail past the 65,535
 * parameters a statement may bind (a broad search, or the whole unpaged list).
 */
function idIn(ids: number[]): SQL {
  return sql`${reports.id} = any(${sql.param(ids)}::int[])`;
}

/**
 * The reports an admin administers: their organisation's, or for a platform admin, the
 * platform's and those of organisations left without an administrator (report-access.ts).
 */
function scopeOf(organizationId: number | null): SQL {
  return organizationId === null
    ? (or(
        isNull(reports.organizationId),
        sql`${reports.organizationId} in ${unadministeredOrganizationIds()}`,
      ) as SQL)
    : eq(reports.organizationId, organizationId);
}

/**
 * The list's filter as statement parameters. An absent one is left out of the statement; no
 * `organizationId` is a platform admin's scope.
 */
type FilterParams = {
  organizationId?: number;
  status?: ReportStatus;
  category?: ReportCategory;
  priority?: boolean;
  ids?: number[];
  /** ISO instant: a Date would travel in the server's time zone. */
  overdueAt?: string;
  dueFrom?: string;
  dueTo?: string;
  platformIds?: number[];
  assigneeId?: number;
  unassigned?: boolean;
  excludedTag?: string;
  tagId?: number;
};

const filterParamNames = [
  'organizationId',
  'status',
  'category',
  'priority',
  'ids',
  'overdueAt',
  'dueFrom',
  'dueTo',
  'platformIds',
  'assigneeId',
  'unassigned',
  'excludedTag',
  'tagId',
] as const satisfies readonly (keyof FilterParams)[];

function paramsOf(filter: AdminReportFilter): FilterParams {
  return {
    organizationId: filter.organizationId ?? undefined,
    status: filter.status,
    category: filter.category,
    priority: filter.priority,
    ids: filter.ids,
    overdueAt: filter.overdueAt?.toISOString(),
    dueFrom: filter.dueBetween?.from.toISOString(),
    dueTo: filter.dueBetween?.to.toISOString(),
    platformIds: filter.organizationId === null ? filter.platformIds : undefined,
    assigneeId: filter.assigneeId,
    unassigned: filter.unassigned ? true : undefined,
    excludedTag: filter.excludedTag,
    tagId: filter.tagId,
  };
}

/**
 * The conditions of the filters `params` holds, each value given by `value`: bound in place, or
 * a placeholder of a prepared statement (the same SQL either way).
 */
function conditionsOf(
  params: FilterParams,
  value: (name: keyof FilterParams) => SQLWrapper,
): SQL | undefined {
  const has = (name: keyof FilterParams) => params[name] !== undefined;
  return and(
    has('organizationId')
      ? sql`${reports.organizationId} = ${value('organizationId')}`
      : has('platformIds')
        ? sql`(${scopeOf(null)} or ${reports.id} = any(${value('platformIds')}::int[]))`
        : scopeOf(null),
    has('status') ? sql`${reports.status} = ${value('status')}` : undefined,
    has('category') ? sql`${reports.category} = ${value('category')}` : undefined,
    has('priority') ? sql`${reports.priorityFlag} = ${value('priority')}` : undefined,
    has('ids') ? sql`${reports.id} = any(${value('ids')}::int[])` : undefined,
    has('overdueAt')
      ? sql`${reports.nextDeadlineAt} < ${value('overdueAt')}::timestamptz`
      : undefined,
    has('dueFrom') ? sql`${reports.nextDeadlineAt} >= ${value('dueFrom')}::timestamptz` : undefined,
    has('dueTo') ? sql`${reports.nextDeadlineAt} < ${value('dueTo')}::timestamptz` : undefined,
    has('assigneeId') ? sql`${reports.assigneeId} = ${value('assigneeId')}` : undefined,
    has('unassigned') ? sql`${reports.assigneeId} is null` : undefined,
    has('excludedTag')
      ? sql`not exists (select 1 from ${reportExclusions} where ${reportExclusions.reportId} = ${reports.id} and ${reportExclusions.handlerTag} = ${value('excludedTag')})`
      : undefined,
    has('tagId')
      ? sql`exists (select 1 from ${reportTagAssignments} where ${reportTagAssignments.reportId} = ${reports.id} and ${reportTagAssignments.tagId} = ${value('tagId')})`
      : undefined,
  );
}

function whereOf(filter: AdminReportFilter): SQL | undefined {
  const params = paramsOf(filter);
  return conditionsOf(params, (name) => sql.param(params[name]));
}

/** Newest or oldest first, or the next deadline first (reports without one last). */
export function orderOf(order: AdminReportOrder): SQL[] {
  if (order === 'deadline') return [sql`${reports.nextDeadlineAt} asc nulls last`, asc(reports.id)];
  const direction = order === 'newest' ? desc : asc;
  return [direction(reports.submittedAt), direction(reports.id)];
}

/** Which filters a list statement applies, its order, and whether it is one page. */
type PageShape = { present: (keyof FilterParams)[]; order: AdminReportOrder; isPage: boolean };

/**
 * A page of the admin list in one statement (one round trip): the page's ids by index (order and
 * limit on the reports table alone; one plan that joined first would sort every report), their
 * rows with the joins a payload needs, how many of the reporter's messages the admin has not been
 * shown on each (those after the last message of the thread they opened, `report_reads`), and
 * the total the filter matches. The total is read with the rows, so it is null when the page is
 * empty (an offset past the end).
 */
function pageStatement(shape: PageShape, name: string) {
  return preparedQuery((db) => {
    const params = Object.fromEntries(shape.present.map((key) => [key, true])) as FilterParams;
    const where = conditionsOf(params, (key) => sql.placeholder(key));
    const idQuery = db
      .select({ id: reports.id })
      .from(reports)
      .where(where)
      .orderBy(...orderOf(shape.order))
      .offset(sql.placeholder('offset'));
    const ids = (shape.isPage ? idQuery.limit(sql.placeholder('limit')) : idQuery).as('page');
    const adminId = sql.placeholder('adminId');
    return db
      .select({
        ...reportColumns,
        unreadFromReporter: sql<number>`(select count(*)::int from ${reportMessages}
          left join ${reportReads} on ${reportReads.reportId} = ${reportMessages.reportId}
            and ${reportReads.userId} = ${adminId}
          where ${reportMessages.reportId} = ${ids.id} and ${reportMessages.senderKind} = 'reporter'
            and not ${reportMessages.isInternal}
            and ${reportMessages.id} > coalesce(${reportReads.lastMessageId}, 0))`.mapWith(Number),
        total: sql<number>`(select count(*)::int from ${reports} where ${where})`.mapWith(Number),
      })
      .from(ids)
      .innerJoin(reports, eq(reports.id, ids.id))
      .leftJoin(users, eq(users.id, reports.ownerUserId))
      .leftJoin(organizations, eq(organizations.id, reports.organizationId))
      .orderBy(...orderOf(shape.order))
      .prepare(name);
  });
}

/**
 * Each shape of the list is built and prepared once, when first asked for: the SQL is not built
 * again on every request, and PostgreSQL parses and plans it once per connection. At most a few
 * hundred shapes (the filters present, three orders, page or whole list).
 */
const pageStatements = new Map<string, ReturnType<typeof pageStatement>>();

function pageStatementOf(shape: PageShape) {
  const mask = filterParamNames.reduce(
    (bits, key, bit) => (shape.present.includes(key) ? bits | (1 << bit) : bits),
    0,
  );
  const name = `admin_reports_${shape.order}_${shape.isPage ? 'page' : 'all'}_${mask}`;
  let statement = pageStatements.get(name);
  if (!statement) {
    statement = pageStatement(shape, name);
    pageStatements.set(name, statement);
  }
  return statement;
}

export async function findReportsPage(
  db: Executor,
  filter: AdminReportFilter,
  adminId: number,
  page: { order: AdminReportOrder; limit?: number; offset?: number },
) {
  const params = paramsOf(filter);
  const present = filterParamNames.filter((key) => params[key] !== undefined);
  const statement = pageStatementOf({
    present,
    order: page.order,
    isPage: page.limit !== undefined,
  });
  const rows = await statement(db).execute({
    ...params,
    adminId,
    offset: page.offset ?? 0,
    limit: page.limit,
  });
  return { records: rows, total: rows[0]?.total ?? null };
}

/** Where a batch of the export left off: the last row's sort key (as text, to the microsecond). */
export type ExportCursor = { key: string | null; id: number };

/**
 * The next `limit` reports after `cursor` in the list's order, with the joins a payload needs,
 * and the cursor of the last one. Each batch is one short query that seeks by index from the
 * cursor (keyset paging), so an export of any size neither holds a transaction nor reads the
 * rows before it again. Sort keys travel as text: a JavaScript Date would lose microseconds.
 */
export async function findReportsAfter(
  db: Executor,
  filter: AdminReportFilter,
  order: AdminReportOrder,
  cursor: ExportCursor | null,
  limit: number,
) {
  const column = order === 'deadline' ? reports.nextDeadlineAt : reports.submittedAt;
  let after: SQL | undefined;
  if (cursor) {
    const key = sql`${cursor.key}::timestamptz`;
    if (order === 'newest') after = sql`(${column}, ${reports.id}) < (${key}, ${cursor.id}::int)`;
    else if (order === 'oldest') {
      after = sql`(${column}, ${reports.id}) > (${key}, ${cursor.id}::int)`;
    } else if (cursor.key === null) {
      // Past every dated report: the undated ones (nulls last), by id.
      after = sql`${column} is null and ${reports.id} > ${cursor.id}::int`;
    } else {
      after = sql`((${column}, ${reports.id}) > (${key}, ${cursor.id}::int) or ${column} is null)`;
    }
  }
  const keys = await db
    .select({ id: reports.id, key: sql<string | null>`${column}::text` })
    .from(reports)
    .where(and(whereOf(filter), after))
    .orderBy(...orderOf(order))
    .limit(limit);
  if (keys.length === 0) return { records: [], cursor: null };
  const rows = await selectReports(db).where(idIn(keys.map((row) => row.id)));
  const position = new Map(keys.map((row, index) => [row.id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const last = keys[keys.length - 1] as { id: number; key: string | null };
  return { records: rows, cursor: { key: last.key, id: last.id } };
}

export async function countReports(db: Executor, filter: AdminReportFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reports).where(whereOf(filter));
  return row?.total ?? 0;
}

/** What a text search matches first, without joins: the sealed descriptions come after. */
export async function findSearchableReports(db: Executor, filter: AdminReportFilter) {
  return db
    .select({
      id: reports.id,
      title: reports.title,
      category: reports.category,
      reference: reports.reference,
    })
    .from(reports)
    .where(whereOf(filter));
}

export async function findSealedDescriptions(db: Executor, ids: number[]) {
  return db
    .select({ id: reports.id, description: reports.description })
    .from(reports)
    .where(idIn(ids));
}

/** A group of reports with the same status, category, priority and anonymity, and how many. */
export type ReportGroup = {
  status: ReportStatus;
  category: ReportCategory;
  priority: boolean;
  anonymous: boolean;
  total: number;
};

/**
 * The analytics statement of a platform admin (`forPlatform`) or an organisation's, prepared.
 * The reports in scope are read in one pass for both the legal clock and the overdue count.
 */
function analyticsStatement(forPlatform: boolean) {
  return preparedQuery((db) => {
    const organizationId = sql.placeholder('organizationId');
    const platformIds = sql`${sql.placeholder('platformIds')}::int[]`;
    const groupScope = forPlatform
      ? sql`(${reportCounts.organizationKey} = 0 or ${reportCounts.organizationKey} in ${unadministeredOrganizationIds()})`
      : sql`${reportCounts.organizationKey} = ${organizationId}`;
    const scope = forPlatform
      ? sql`(${scopeOf(null)} or ${reports.id} = any(${platformIds}))`
      : sql`${reports.organizationId} = ${organizationId}`;
    // The platform's also counts, one by one, the organisations' reports it handles.
    const handled = forPlatform
      ? sql`union all select ${reports.status}, ${reports.category}, ${reports.priorityFlag},
          ${reports.isAnonymous}, 1 from ${reports} where ${reports.id} = any(${platformIds})`
      : sql``;
    // And none counts the reports its reporter kept this handler from.
    const excludedTag = sql.placeholder('excludedTag');
    const keptOut = sql`exists (select 1 from ${reportExclusions} where ${reportExclusions.reportId} = ${reports.id} and ${reportExclusions.handlerTag} = ${excludedTag})`;
    const withheld = sql`union all select ${reports.status}, ${reports.category}, ${reports.priorityFlag},
          ${reports.isAnonymous}, -1 from ${reports} where ${scope} and ${keptOut}`;
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    const since = sql`${sql.placeholder('since')}::timestamptz`;
    const soon = sql`${sql.placeholder('soon')}::timestamptz`;
    const recent = sql`${reports.submittedAt} >= ${since}`;
    const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;
    const clock = db
      .select({
        acknowledgementsDue: counted(
          sql`${recent} and (${reports.acknowledgedAt} is not null or (${reports.acknowledgeBy} <= ${now} and ${reports.status} <> 'cancelled'))`,
        ).as('acknowledgements_due'),
        acknowledgedOnTime: counted(
          sql`${recent} and ${reports.acknowledgedAt} <= ${reports.acknowledgeBy}`,
        ).as('acknowledged_on_time'),
        feedbackDue: counted(
          sql`${recent} and (${reports.feedbackAt} is not null or (${reports.feedbackBy} <= ${now} and ${reports.status} <> 'cancelled'))`,
        ).as('feedback_due'),
        feedbackOnTime: counted(
          sql`${recent} and ${reports.feedbackAt} <= ${reports.feedbackBy}`,
        ).as('feedback_on_time'),
        overdue: counted(sql`${reports.nextDeadlineAt} < ${now}`).as('overdue'),
        dueSoon: counted(
          sql`${reports.nextDeadlineAt} >= ${now} and ${reports.nextDeadlineAt} < ${soon}`,
        ).as('due_soon'),
      })
      .from(reports)
      .where(sql`${scope} and not ${keptOut}`)
      .as('clock');
    const query = db
      .select({
        groups: sql<ReportGroup[]>`(select coalesce(json_agg(g), '[]'::json) from (
          select status, category, priority, anonymous, sum(total)::int as total from (
            select ${reportCounts.status} as status, ${reportCounts.category} as category,
              ${reportCounts.priorityFlag} as priority, ${reportCounts.isAnonymous} as anonymous,
              ${reportCounts.total} as total
            from ${reportCounts} where ${groupScope}
            ${handled}
            ${withheld}) counted
          group by 1, 2, 3, 4 having sum(total) <> 0) g)`,
        acknowledgementsDue: clock.acknowledgementsDue,
        acknowledgedOnTime: clock.acknowledgedOnTime,
        feedbackDue: clock.feedbackDue,
        feedbackOnTime: clock.feedbackOnTime,
        overdue: clock.overdue,
        dueSoon: clock.dueSoon,
      })
      .from(clock);
    return query.prepare(forPlatform ? 'analytics_platform' : 'analytics_organization');
  });
}

const platformAnalytics = analyticsStatement(true);
const organizationAnalytics = analyticsStatement(false);

/**
 * Everything the analytics show, in one prepared statement (one round trip):
 * - the kept counts of each group (migration 0004): a few rows per organisation, whatever the
 *   number of reports. A platform admin's figures are those of the reports routed to no
 *   organisation (key 0) and of organisations left without an administrator;
 * - the legal clock over reports filed since `since`: how many acknowledgements and feedbacks
 *   fell due (or were given) and how many came on time; a cancelled report counts only for what
 *   it got. And how many reports in scope are overdue at `now`, whenever filed, and how many
 *   fall due between `now` and `soon`.
 */
export async function countAnalytics(
  db: Executor,
  organizationId: number | null,
  window: { since: Date; now: Date; soon: Date },
  platformIds: number[] = [],
  excludedTag = '',
) {
  const times = {
    since: window.since.toISOString(),
    now: window.now.toISOString(),
    soon: window.soon.toISOString(),
    excludedTag,
  };
  const [row] =
    organizationId === null
      ? await platformAnalytics(db).execute({ ...times, platformIds })
      : await organizationAnalytics(db).execute({ ...times, organizationId });
  return {
    groups: row?.groups ?? [],
    deadlines: {
      acknowledgements_due: Number(row?.acknowledgementsDue ?? 0),
      acknowledged_on_time: Number(row?.acknowledgedOnTime ?? 0),
      feedback_due: Number(row?.feedbackDue ?? 0),
      feedback_on_time: Number(row?.feedbackOnTime ?? 0),
      overdue_now: Number(row?.overdue ?? 0),
      due_soon: Number(row?.dueSoon ?? 0),
    },
  };
}

/**
 * Organisations with exactly one active administrator, and who. A report that administrator
 * filed has nobody in its organisation to handle it: the platform's administrators do.
 */
export async function findSoleOrganizationAdmins(
  db: Executor,
): Promise<{ organizationId: number; id: number; ownerSalt: string }[]> {
  const rows = await db
    .select({
      organizationId: users.organizationId,
      id: sql<number>`min(${users.id})`,
      ownerSalt: sql<string>`min(${users.ownerSalt}::text)`,
    })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNotNull(users.organizationId)))
    .groupBy(users.organizationId)
    .having(sql`count(*) = 1`);
  return rows.map((row) => ({
    organizationId: Number(row.organizationId),
    id: Number(row.id),
    ownerSalt: row.ownerSalt,
  }));
}

/** The reports of an organisation one account filed, identified or anonymous (sealed index). */
export async function findReportIdsFiledBy(
  db: Executor,
  organizationId: number,
  filer: { userId: number; anonymousIds: number[] },
): Promise<number[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.organizationId, organizationId),
        sql`(${reports.ownerUserId} = ${filer.userId} or ${idIn(filer.anonymousIds)})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The active administrators of a scope (null: the platform's), who may be assigned its cases. */
export async function findHandlers(db: Executor, organizationId: number | null) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.isActive, true),
        organizationId === null
          ? isNull(users.organizationId)
          : eq(users.organizationId, organizationId),
      ),
    )
    .orderBy(asc(users.username));
}

/** What decides whether an account may be assigned a case. */
export async function findAssignable(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      organizationId: users.organizationId,
      ownerSalt: users.ownerSalt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Sets the report's assignee when it still is `from` (null: unassigned): of two handlers taking
 * one case at once, PostgreSQL lets one update through; the other re-reads the row, matches
 * nothing and is told. Answers whether it was set.
 */
export async function setAssignee(
  db: Executor,
  id: number,
  from: number | null,
  to: number | null,
): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ assigneeId: to })
    .where(
      and(
        eq(reports.id, id),
        from === null ? isNull(reports.assigneeId) : eq(reports.assigneeId, from),
      ),
    )
    .returning({ id: reports.id });
  return rows.length > 0;
}

export async function updateHandlerLabel(db: Executor, userId: number, label: string | null) {
  await db.update(users).set({ handlerLabel: label }).where(eq(users.id, userId));
}
