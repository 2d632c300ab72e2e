import { createHash } from 'node:crypto';
import type { ReportStatus } from '@candor/contract/enums';
import { ADMINISTRATOR_NAME } from '@candor/contract/labels';
import {
  and,
  type Column,
  desc,
  eq,
  getTableColumns,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  mailOutbox,
  notifications,
  organizations,
  ownerQueue,
  reportExclusions,
  reports,
  users,
  voiceRecordings,
} from '../../db/schema';
import {
  clockColumnsForNewReport,
  type FilingPeriods,
  type OrganizationPeriods,
  periodParams,
  placeholderPeriods,
} from '../deadlines/deadlines.service';
import {
  adminNoticeRowsSql,
  insertedNoticeColumns,
  queuedOwnerRowSql,
  type ToldNotice,
  toldNoticesSql,
} from '../notifications/notifications.service';
import { adminAlertRowsSql } from '../outbox/outbox';

/** The final statuses: a report in one of them is purged once its retention is over. */
export const closedStatuses: readonly ReportStatus[] = ['resolved', 'rejected', 'cancelled'];

export type NewReportRow = typeof reports.$inferInsert;

/** The columns every report payload is built from. */
export const reportColumns = {
  id: reports.id,
  reference: reports.reference,
  title: reports.title,
  category: reports.category,
  status: reports.status,
  priorityFlag: reports.priorityFlag,
  isAnonymous: reports.isAnonymous,
  isGuest: reports.isGuest,
  isPremiumReport: reports.isPremiumReport,
  ownerUserId: reports.ownerUserId,
  ownerAccountDeleted: reports.ownerAccountDeleted,
  ownerHash: reports.ownerHash,
  ownerSealed: reports.ownerSealed,
  organizationId: reports.organizationId,
  description: reports.description,
  evidenceKey: reports.evidenceKey,
  evidenceMime: reports.evidenceMime,
  /** The report's own voice message (modules/voice), read with every report in any list. */
  voice: sql<{
    id: number;
    duration_ms: number;
  } | null>`(select json_build_object('id', ${voiceRecordings.id}, 'duration_ms', ${voiceRecordings.durationMs}) from ${voiceRecordings} where ${voiceRecordings.reportId} = ${reports.id} and ${voiceRecordings.messageId} is null)`,
  submittedAt: reports.submittedAt,
  updatedAt: reports.updatedAt,
  resolvedAt: reports.resolvedAt,
  closedOn: reports.closedOn,
  acknowledgeBy: reports.acknowledgeBy,
  acknowledgedAt: reports.acknowledgedAt,
  feedbackBy: reports.feedbackBy,
  feedbackAt: reports.feedbackAt,
  assigneeId: reports.assigneeId,
  assigneeUsername: sql<
    string | null
  >`(select ${users.username} from ${users} where ${users.id} = ${reports.assigneeId})`,
  /** Joined only for identified reports: the owner of an anonymous one is not linked. */
  ownerUsername: users.username,
  organizationName: organizations.name,
  organizationType: organizations.type,
  organizationJustification: organizations.justification,
  organizationRetentionDays: organizations.retentionDays,
};

export function selectReports(db: Executor) {
  return db
    .select(reportColumns)
    .from(reports)
    .leftJoin(users, eq(users.id, reports.ownerUserId))
    .leftJoin(organizations, eq(organizations.id, reports.organizationId));
}

export type ReportRecord = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

export type InsertedReport = typeof reports.$inferSelect;

/**
 * What filing writes of a report: every column it sets, and the organisation's periods its
 * deadlines are counted from (deadlines.repository.ts `clockColumnsForNewReport`).
 */
export type FiledReport = Pick<
  NewReportRow,
  | 'reference'
  | 'title'
  | 'category'
  | 'description'
  | 'priorityFlag'
  | 'isAnonymous'
  | 'isGuest'
  | 'isPremiumReport'
  | 'ownerUserId'
  | 'ownerHash'
  | 'organizationId'
  | 'evidenceKey'
  | 'evidenceMime'
  | 'evidenceSize'
> & { periods: FilingPeriods };

const filedColumns = [
  'reference',
  'title',
  'category',
  'description',
  'priorityFlag',
  'isAnonymous',
  'isGuest',
  'isPremiumReport',
  'ownerUserId',
  'ownerHash',
  'organizationId',
  'evidenceKey',
  'evidenceMime',
  'evidenceSize',
] as const satisfies readonly (keyof FiledReport)[];

/** A filed report's values as a prepared insert's placeholders, its clock columns included. */
const filedValues = () => ({
  ...(Object.fromEntries(filedColumns.map((name) => [name, sql.placeholder(name)])) as Record<
    (typeof filedColumns)[number],
    never
  >),
  ...clockColumnsForNewReport(placeholderPeriods),
});

/** The parameters `filedValues` names. */
const filedParams = (filed: FiledReport) => ({
  ...Object.fromEntries(filedColumns.map((name) => [name, filed[name] ?? null])),
  ...periodParams(filed.periods),
});

/**
 * The filing's insert, prepared once per handle: the busiest write's statement is neither
 * built by drizzle nor parsed by the database again for each report.
 */
const insertReportStatement = preparedQuery((db) =>
  db
    .insert(reports)
    .values({
      ...filedValues(),
    })
    .returning({
      ...getTableColumns(reports),
      ...noticeScopeColumns(sql`${sql.placeholder('organizationId')}::int`, null),
    })
    .prepare('insert_report'),
);

/**
 * Inserts a report, answering its row as written (its id, dates and defaults) and, read in the
 * same statement, the administrators who are to be told of it (`noticeScopeColumns`; its
 * exclusions, written after it, are the caller's to add).
 */
export async function insertReport(
  db: Executor,
  filed: FiledReport,
): Promise<{ row: InsertedReport; scope: NoticeScope }> {
  const [inserted] = await insertReportStatement(db).execute({
    ...filedParams(filed),
  });
  const { noticeAdmins, noticeExcluded, ...written } = inserted as InsertedReport & NoticeColumns;
  return { row: written, scope: noticeScopeOf({ noticeAdmins, noticeExcluded }) };
}

/**
 * What a filing written in one statement depends on, as one JSON value: the active
 * administrators who may be told (as `noticeScopeColumns` reads them, in the order of their ids)
 * and the organisation's own periods. Read ahead and kept (reports.service.ts `filingScopeOf`);
 * the statement that files computes it again and writes only if its digest is the same
 * (`fileReportStatement`).
 */
function filingScopeJson(organizationId: SQL) {
  return sql`json_build_object('admins', ${scopeAdminsSql(organizationId)}, 'periods', (select json_build_object('acknowledge_days', ${organizations.acknowledgeDays}, 'feedback_days', ${organizations.feedbackDays}) from ${organizations} where ${organizations.id} = ${organizationId}))`;
}

const organizationParam = sql`${sql.placeholder('organizationId')}::int`;

const filingScopeStatement = preparedQuery((db) =>
  db
    .select({
      scope: sql<{
        admins: NoticeAdminRow[];
        periods: { acknowledge_days: number | null; feedback_days: number | null } | null;
      }>`read.scope`,
      digest: sql<string>`md5(read.scope::text)`,
    })
    .from(sql`(select ${filingScopeJson(organizationParam)} as scope) as read`)
    .prepare('filing_scope'),
);

/** What a filing in one statement needs to know of its destination, and its digest. */
export type FilingScope = {
  scope: NoticeScope;
  periods: OrganizationPeriods | null;
  digest: string;
};

export async function readFilingScope(
  db: Executor,
  organizationId: number | null,
): Promise<FilingScope> {
  const [row] = await filingScopeStatement(db).execute({ organizationId });
  if (!row) throw new Error('The filing scope read no row');
  const { admins, periods } = row.scope;
  return {
    scope: noticeScopeOf({ noticeAdmins: admins, noticeExcluded: [] }),
    periods: periods && {
      acknowledgeDays: periods.acknowledge_days,
      feedbackDays: periods.feedback_days,
    },
    digest: row.digest,
  };
}

const reportIdsStatement = preparedQuery((db) =>
  db
    .select({ id: sql<number>`nextval('reports_id_seq')::int` })
    .from(sql`generate_series(1, ${sql.placeholder('count')}::int)`)
    .prepare('report_ids'),
);

/** `count` report ids drawn from the sequence, ascending (the notices are sealed with one). */
export async function drawReportIds(db: Executor, count: number): Promise<number[]> {
  const rows = await reportIdsStatement(db).execute({ count });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Whether a filing in one statement was refused because what it was sealed for changed since it
 * was read (`fileReportStatement`): its id is then null, which the table refuses.
 */
export function isStaleFilingScope(error: unknown): boolean {
  return isNullRefused(error, 'reports', 'id');
}

/** Whether `error` is, or was caused by, the database refusing a null in `table.column`. */
function isNullRefused(error: unknown, table: string, column: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const refused = cause as Error & { code?: string; table?: string; column?: string };
    if (refused.code === '23502' && refused.table === table && refused.column === column) {
      return true;
    }
  }
  return false;
}

/**
 * A report, its notices to administrators, its alerts and its owner queue's entry, written in
 * one statement (data-modifying `with`s): one round trip, all or nothing, no `begin` or
 * `commit`, every row with the same transaction id as the report's. A notice or an alert is
 * written only to an account still an active administrator (`adminNoticeRowsSql`).
 */
const fileReportStatement = preparedQuery((db) => {
  const notices = db
    .$with('notices')
    .as(
      db.insert(notifications).select(adminNoticeRowsSql).returning(insertedNoticeColumns) as never,
    );
  const queued = db.$with('queued').as(db.insert(ownerQueue).select(queuedOwnerRowSql) as never);
  const alerts = db.$with('alerts').as(db.insert(mailOutbox).select(adminAlertRowsSql) as never);
  return db
    .with(notices, queued, alerts)
    .insert(reports)
    .values({
      // The id only while who is told and the periods are as the rows were sealed for: else
      // null, and the statement is refused whole (`isStaleFilingScope`).
      id: sql`(select ${sql.placeholder('id')}::int where md5((${filingScopeJson(organizationParam)})::text) = ${sql.placeholder('scopeDigest')})` as never,
      ...filedValues(),
    })
    .returning({
      ...getTableColumns(reports),
      told: toldNoticesSql,
    })
    .prepare('file_report_alone');
});

/**
 * Files a report in one statement (`fileReportStatement`) under an id `drawReportIds` drew, if
 * its destination is still as `readFilingScope` read it (its `digest`):
 * `rows` are its notices (notifications.service.ts `adminNoticeRows`), `alerts` their email
 * alerts or null, `queuePayload` its owner queue's sealed entry or null.
 */
export async function writeReportAlone(
  db: Executor,
  filed: FiledReport & { id: number; scopeDigest: string },
  also: { rows: string; alerts: string | null; queuePayload: Buffer | null },
): Promise<{ row: InsertedReport; told: ToldNotice[] }> {
  const [inserted] = await fileReportStatement(db).execute({
    id: filed.id,
    scopeDigest: filed.scopeDigest,
    ...filedParams(filed),
    rows: also.rows,
    alerts: also.alerts ?? '[]',
    queuePayload: also.queuePayload,
  });
  const { told, ...row } = inserted as InsertedReport & { told: ToldNotice[] };
  return { row, told };
}

/**
 * The record of a report just filed, built from its row as written, without reading it back:
 * for a report with no owner account (anonymous, or a guest's), no organisation and no voice
 * message, for which the joins of `selectReports` add nothing but nulls. Null for any other.
 */
export function recordOfNewReport(row: InsertedReport): ReportRecord | null {
  if (row.ownerUserId !== null || row.organizationId !== null || row.assigneeId !== null) {
    return null;
  }
  const record: ReportRecord = {
    id: row.id,
    reference: row.reference,
    title: row.title,
    category: row.category,
    status: row.status,
    priorityFlag: row.priorityFlag,
    isAnonymous: row.isAnonymous,
    isGuest: row.isGuest,
    isPremiumReport: row.isPremiumReport,
    ownerUserId: row.ownerUserId,
    ownerAccountDeleted: row.ownerAccountDeleted,
    ownerHash: row.ownerHash,
    ownerSealed: row.ownerSealed,
    organizationId: row.organizationId,
    description: row.description,
    evidenceKey: row.evidenceKey,
    evidenceMime: row.evidenceMime,
    voice: null,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
    resolvedAt: row.resolvedAt,
    closedOn: row.closedOn,
    acknowledgeBy: row.acknowledgeBy,
    acknowledgedAt: row.acknowledgedAt,
    feedbackBy: row.feedbackBy,
    feedbackAt: row.feedbackAt,
    assigneeId: row.assigneeId,
    assigneeUsername: null,
    ownerUsername: null,
    organizationName: null,
    organizationType: null,
    organizationJustification: null,
    organizationRetentionDays: null,
  };
  return record;
}

const reportById = preparedQuery((db) =>
  selectReports(db)
    .where(eq(reports.id, sql.placeholder('id')))
    .prepare('report_by_id'),
);

export async function findReportById(db: Executor, id: number): Promise<ReportRecord | null> {
  const [row] = await reportById(db).execute({ id });
  return row ?? null;
}

/** What a reporter's message depends on of its report (`replyViewJson`), and its digest. */
export type ReplyView = {
  report: Pick<
    ReportRecord,
    | 'id'
    | 'reference'
    | 'title'
    | 'status'
    | 'organizationId'
    | 'ownerUserId'
    | 'ownerHash'
    | 'isAnonymous'
    | 'ownerAccountDeleted'
    | 'ownerUsername'
  >;
  scope: NoticeScope;
  digest: string;
};

/** The report a view is of: its own name, so a view can be read beside a query of reports. */
const VIEWED = 'viewed';
const viewed = alias(reports, VIEWED);

/**
 * Everything a reporter's message decides on or seals of its report, as one JSON value: the
 * columns its reporter is recognised by, its status, what its notices are sealed with, its
 * reporter's name, and who is told (`noticeScopeColumns`). Read ahead and kept
 * (comments.service.ts `replyAsReporter`); the statement that writes the message computes it
 * again and writes only if its digest is the same (`replyViewGuardSql`). Null for no report.
 */
function replyViewJson(reportId: SQL) {
  const { noticeAdmins, noticeExcluded } = noticeScopeColumns(
    sql`${viewed.organizationId}`,
    viewed.id,
  );
  return sql`(select json_build_object('report', json_build_object('id', ${viewed.id}, 'reference', ${viewed.reference}, 'title', ${viewed.title}, 'status', ${viewed.status}, 'organization_id', ${viewed.organizationId}, 'owner_user_id', ${viewed.ownerUserId}, 'owner_hash', ${viewed.ownerHash}, 'is_anonymous', ${viewed.isAnonymous}, 'owner_account_deleted', ${viewed.ownerAccountDeleted}, 'owner_username', (select ${users.username} from ${users} where ${users.id} = ${viewed.ownerUserId})), 'admins', ${noticeAdmins}, 'excluded', ${noticeExcluded}) from ${reports} as ${sql.identifier(VIEWED)} where ${viewed.id} = ${reportId})`;
}

/** A view as its text: the digest is the md5 of that text, as the database computes it. */
const replyViewText = (reportId: SQL) => sql<string | null>`(${replyViewJson(reportId)})::text`;

type ReplyViewJson = {
  report: {
    id: number;
    reference: string;
    title: string;
    status: ReportRecord['status'];
    organization_id: number | null;
    owner_user_id: number | null;
    owner_hash: string | null;
    is_anonymous: boolean;
    owner_account_deleted: boolean;
    owner_username: string | null;
  };
  admins: NoticeAdminRow[];
  excluded: string[];
};

/** A view read as its text (`replyViewText`), with the digest its message's statement checks. */
function replyViewOfText(text: string | null): ReplyView | null {
  if (text === null) return null;
  const { report, admins, excluded } = JSON.parse(text) as ReplyViewJson;
  return {
    report: {
      id: report.id,
      reference: report.reference,
      title: report.title,
      status: report.status,
      organizationId: report.organization_id,
      ownerUserId: report.owner_user_id,
      ownerHash: report.owner_hash,
      isAnonymous: report.is_anonymous,
      ownerAccountDeleted: report.owner_account_deleted,
      ownerUsername: report.owner_username,
    },
    scope: noticeScopeOf({ noticeAdmins: admins, noticeExcluded: excluded }),
    digest: createHash('md5').update(text, 'utf8').digest('hex'),
  };
}

const reportIdParam = sql`${sql.placeholder('reportId')}::int`;

const replyViewStatement = preparedQuery((db) =>
  db
    .select({ view: replyViewText(reportIdParam) })
    .from(sql`(select 1) as one`)
    .prepare('reply_view'),
);

export async function readReplyView(db: Executor, reportId: number): Promise<ReplyView | null> {
  const [row] = await replyViewStatement(db).execute({ reportId });
  return replyViewOfText(row?.view ?? null);
}

/**
 * A report (as `findReportById`) with its view for a reporter's message (`readReplyView`), in
 * one statement: for its reporter opening it, who may write to it next.
 */
const reportWithReplyView = preparedQuery((db) =>
  db
    .select({ ...reportColumns, replyView: replyViewText(sql`${reports.id}`) })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.ownerUserId))
    .leftJoin(organizations, eq(organizations.id, reports.organizationId))
    .where(eq(reports.id, sql.placeholder('id')))
    .prepare('report_with_reply_view'),
);

export async function findReportWithReplyView(
  db: Executor,
  id: number,
): Promise<{ report: ReportRecord; view: ReplyView | null } | null> {
  const [row] = await reportWithReplyView(db).execute({ id });
  if (!row) return null;
  const { replyView, ...report } = row;
  return { report, view: replyViewOfText(replyView) };
}

/**
 * The report id of a reporter's message written in one statement (comments.repository.ts
 * `reporterMessageStatement`): its `reportId` parameter while the report's view is the one its
 * rows were sealed for (the `viewDigest` parameter, `readReplyView`), else null, which the
 * messages' table refuses (`isStaleReplyView`).
 */
export const replyViewGuardSql = sql`(select ${reportIdParam} where md5((${replyViewJson(reportIdParam)})::text) = ${sql.placeholder('viewDigest')})`;

/**
 * Whether a reporter's message in one statement was refused because its report's view changed
 * since it was read (`replyViewGuardSql`).
 */
export function isStaleReplyView(error: unknown): boolean {
  return isNullRefused(error, 'report_messages', 'report_id');
}

/** Only what the evidence link needs: the stored file's key and type. */
export async function findEvidence(db: Executor, id: number) {
  const [row] = await db
    .select({ key: reports.evidenceKey, mime: reports.evidenceMime })
    .from(reports)
    .where(eq(reports.id, id));
  return row?.key && row.mime ? { key: row.key, mime: row.mime } : null;
}

/**
 * The caller's reports, identified (by owner id) and anonymous (by the ids their sealed index
 * lists: owners/owner-index.ts), newest first. One query whatever their number.
 */
export async function findOwnReports(
  db: Executor,
  owner: { userId: number; anonymousIds: number[] },
): Promise<ReportRecord[]> {
  return selectReports(db)
    .where(
      or(
        eq(reports.ownerUserId, owner.userId),
        sql`${reports.id} = any(${sql.param(owner.anonymousIds)}::int[])`,
      ),
    )
    .orderBy(desc(reports.submittedAt), desc(reports.id));
}

export async function findReportByReference(db: Executor, reference: string) {
  const [row] = await db
    .select({
      id: reports.id,
      reference: reports.reference,
      category: reports.category,
      status: reports.status,
      submittedAt: reports.submittedAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(eq(reports.reference, reference));
  return row ?? null;
}

/**
 * Sets the status only if it is still `from`, answering the changed columns; a concurrent
 * change makes this answer null.
 */
export async function updateReportStatus(
  db: Executor,
  id: number,
  from: ReportStatus,
  to: ReportStatus,
) {
  const [changed] = await db
    .update(reports)
    .set({
      status: to,
      updatedAt: sql`now()`,
      resolvedAt: to === 'resolved' ? sql`now()` : reports.resolvedAt,
      // Its retention counts from this day (modules/retention).
      closedOn: closedStatuses.includes(to) ? sql`(now() at time zone 'UTC')::date` : null,
    })
    .where(and(eq(reports.id, id), eq(reports.status, from)))
    .returning({
      status: reports.status,
      updatedAt: reports.updatedAt,
      resolvedAt: reports.resolvedAt,
      closedOn: reports.closedOn,
    });
  return changed ?? null;
}

/** Sets the report's file only if it has none, in one statement; answers whether it did. */
export async function setEvidenceIfNone(
  db: Executor,
  id: number,
  evidence: { key: string; mime: string; size: number },
): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({
      evidenceKey: evidence.key,
      evidenceMime: evidence.mime,
      evidenceSize: evidence.size,
      updatedAt: sql`now()`,
    })
    .where(and(eq(reports.id, id), isNull(reports.evidenceKey)))
    .returning({ id: reports.id });
  return rows.length === 1;
}

/** Marks the report changed now: the update, not yet run (awaiting it runs it). */
export function touchReport(db: Executor, id: number) {
  return db.update(reports).set({ updatedAt: sql`now()` }).where(eq(reports.id, id));
}

/**
 * Deletes the report unless it is resolved, in one statement, so a resolution committed a moment
 * earlier is seen (PostgreSQL re-checks the condition on the row it waited for). Answers the
 * status that kept it, `null` when deleted, or `'missing'`.
 */
export async function deleteUnresolvedReport(
  db: Executor,
  id: number,
): Promise<null | 'resolved' | 'missing'> {
  const rows = await db
    .delete(reports)
    .where(and(eq(reports.id, id), ne(reports.status, 'resolved')))
    .returning({ id: reports.id });
  if (rows.length === 1) return null;
  const [kept] = await db
    .select({ status: reports.status })
    .from(reports)
    .where(eq(reports.id, id));
  return kept ? 'resolved' : 'missing';
}

/**
 * Admins who administer reports routed to `organizationId`: that organisation's admins, or for
 * null the platform admins (who belong to no organisation).
 */
/**
 * Organisations none of whose accounts is an active administrator: their reports are the
 * platform administrators' to handle until the superuser chooses one (docs/api.md "Staff and
 * accounts over time").
 */
export function unadministeredOrganizationIds(): SQL {
  return sql`(select ${organizations.id} from ${organizations} where not exists (select 1 from ${users} where ${users.organizationId} = ${organizations.id} and ${users.role} = 'admin' and ${users.isActive}))`;
}

/** The active administrators of an organisation (null: the platform's), with their owner salts. */
export async function findActiveAdmins(
  db: Executor,
  organizationId: number | null,
): Promise<{ id: number; ownerSalt: string }[]> {
  const scope =
    organizationId === null
      ? isNull(users.organizationId)
      : eq(users.organizationId, organizationId);
  return db
    .select({ id: users.id, ownerSalt: users.ownerSalt })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), scope));
}

/** A reader as stored: the account, the label they chose, and their name when it may be shown. */
export type ReaderRow = { userId: number; label: string; name: string | null };

/**
 * Who reads a report sent to an organisation (null: the platform): its active administrators,
 * each under the label they chose, or the platform's when it has none. Names only when the
 * organisation shows them (never the platform's administrators').
 */
export async function findReaders(
  db: Executor,
  organizationId: number | null,
): Promise<ReaderRow[]> {
  const scope =
    organizationId === null
      ? isNull(users.organizationId)
      : eq(users.organizationId, organizationId);
  const rows = await db
    .select({
      userId: users.id,
      label: users.handlerLabel,
      firstName: users.firstName,
      lastName: users.lastName,
      namesShown: organizations.readerNamesShown,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), scope))
    .orderBy(users.id);
  if (rows.length === 0 && organizationId !== null) return findReaders(db, null);
  return rows.map((row) => ({
    userId: row.userId,
    label: row.label ?? ADMINISTRATOR_NAME,
    name: row.namesShown ? `${row.firstName} ${row.lastName}`.trim() || null : null,
  }));
}

/** Who is told of an event on a report, and whom its reporter kept out (notifyReportAdmins). */
export type NoticeScope = {
  /** The active administrators of the report's organisation (none for a platform report). */
  own: { id: number; ownerSalt: string }[];
  /** The active platform administrators (no organisation). */
  platform: { id: number; ownerSalt: string }[];
  /** The tags of the handlers kept out of the report (exclusions.ts `handlerTagOf`). */
  excludedTags: Set<string>;
};

type NoticeAdminRow = { id: number; owner_salt: string; organization_id: number | null };

/**
 * The active administrators of an organisation and of the platform, as one JSON array in the
 * order of their ids. An organisation given as SQL (a statement's placeholder) may be null: then
 * `=` matches none, and only the platform's are read.
 */
function scopeAdminsSql(organizationId: number | SQL | null) {
  const scope =
    organizationId === null
      ? sql`${users.organizationId} is null`
      : sql`(${users.organizationId} is null or ${users.organizationId} = ${organizationId})`;
  return sql<
    NoticeAdminRow[]
  >`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'owner_salt', ${users.ownerSalt}, 'organization_id', ${users.organizationId}) order by ${users.id}), '[]'::json) from ${users} where ${users.role} = 'admin' and ${users.isActive} and ${scope})`;
}

/**
 * Columns that read, beside a statement's own (a `returning` or a `select`), what telling a
 * report's administrators needs: the active administrators of its organisation and of the
 * platform, and the tags of the handlers its reporter kept out. `reportId` is a value or the
 * column of the row the statement writes. Read with the write, they cost no round trip of their own.
 */
export function noticeScopeColumns(
  organizationId: number | SQL | null,
  reportId: number | Column | SQL | null,
) {
  return {
    noticeAdmins: scopeAdminsSql(organizationId),
    noticeExcluded:
      reportId === null
        ? sql<string[]>`'[]'::json`
        : sql<
            string[]
          >`(select coalesce(json_agg(${reportExclusions.handlerTag} order by ${reportExclusions.handlerTag}), '[]'::json) from ${reportExclusions} where ${reportExclusions.reportId} = ${reportId})`,
  };
}

/** What `noticeScopeColumns` answer. */
export type NoticeColumns = { noticeAdmins: NoticeAdminRow[]; noticeExcluded: string[] };

/** What `noticeScopeColumns` read, sorted. */
export function noticeScopeOf(columns: NoticeColumns): NoticeScope {
  const result: NoticeScope = {
    own: [],
    platform: [],
    excludedTags: new Set(columns.noticeExcluded),
  };
  for (const row of columns.noticeAdmins) {
    const admin = { id: row.id, ownerSalt: row.owner_salt };
    if (row.organization_id === null) result.platform.push(admin);
    else result.own.push(admin);
  }
  return result;
}

/** What telling a report's administrators needs (`noticeScopeColumns`), read on its own. */
export async function findNoticeScope(
  db: Executor,
  organizationId: number | null,
  reportId: number,
): Promise<NoticeScope> {
  const [row] = await db
    .select(noticeScopeColumns(organizationId, reportId))
    .from(sql`(select 1) as one`);
  return noticeScopeOf(row as NoticeColumns);
}
