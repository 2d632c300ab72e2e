import { and, count, desc, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { notifications, ownerQueue, reports, users } from '../../db/schema';

/** The PostgreSQL channel on which every server process hears of new notifications. */
export const NOTIFICATIONS_CHANNEL = 'candor_notifications';

/** What is sealed in `notifications.payload` (docs/design.md "Anonymity design"). */
export type NotificationContent = {
  message: string;
  report: number | null;
  report_title: string | null;
  /** Absent from notices written before references were kept. */
  report_reference?: string | null;
  /** The precise time of a notice whose `created_at` keeps the day only. */
  at?: string;
};

/**
 * Whom a query is for: their account, and the tags of the notices to the reporter of each of
 * their anonymous reports (one per report).
 */
export type Recipient = { userId: number; tags: string[] };

function addressedTo(recipient: Recipient): SQL {
  if (recipient.tags.length === 0) return eq(notifications.userId, recipient.userId);
  return or(
    eq(notifications.userId, recipient.userId),
    inArray(notifications.recipientTag, recipient.tags),
  ) as SQL;
}

/**
 * What the channel carries (never stored): a notice to an account names the account; a notice to
 * the reporter of an anonymous report names the report, and each process finds which of its
 * connected users filed it, so no signal pairs a person with their anonymous report.
 */
export type NotificationSignal = { id: number; userId: number } | { id: number; report: number };

export type NewNotificationRow = {
  userId: number | null;
  recipientTag: string | null;
  payload: Buffer;
  /** Dated by the day alone, its time sealed in the payload (schema.ts `notifications`). */
  byDay?: boolean;
};

/**
 * Another write of the caller's transaction that is run in the statement that writes the notices,
 * as a data-modifying `with`, instead of in one of its own: one round trip fewer. The report's
 * touch (a message's last write: the report's row is held from there to the commit), or the owner
 * queue's entry of an anonymous report (its sealed payload). It runs on its own when there is no
 * notice to write.
 */
export type WriteAlongside = { touchReport: number } | { ownerQueuePayload: Buffer };

/**
 * The notices' rows, given as one JSON parameter: the statement is then the same whatever the
 * number of recipients, prepared once and parsed by the database once per connection. A row in
 * `created_at` is now, or the day alone (`by_day`).
 */
const noticeRowsSql = sql`select nextval('notifications_id_seq'), n.user_id, n.recipient_tag, decode(n.payload, 'base64'), false, case when n.by_day then date_trunc('day', now(), 'UTC') else now() end from json_to_recordset(${sql.placeholder('rows')}::json) as n(user_id int, recipient_tag text, payload text, by_day boolean)`;

/**
 * The notices' rows to administrators, as `noticeRowsSql`, written only for an account that is
 * still an active administrator when the statement runs: a notice's recipients may be read in
 * an earlier statement than the one writing it (comments.repository.ts
 * `reporterMessageStatement`).
 */
export const adminNoticeRowsSql = sql`${noticeRowsSql} join ${users} on ${users.id} = n.user_id and ${users.role} = 'admin' and ${users.isActive}`;

/** The `rows` parameter of the notices' statements: one JSON text whatever their number. */
export function noticeRowsParam(rows: NewNotificationRow[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      user_id: row.userId,
      recipient_tag: row.recipientTag,
      payload: row.payload.toString('base64'),
      by_day: row.byDay === true,
    })),
  );
}

/** A notice a statement wrote, as its `told` column answers it (`toldNoticesSql`). */
export type ToldNotice = { id: number; user_id: number };

/**
 * The notices a statement wrote in its `notices` `with` (comments.repository.ts
 * `reporterMessageStatement`, reports.repository.ts `fileReportStatement`), as one JSON column
 * of its `returning`: whom to signal once it committed.
 */
export const toldNoticesSql = sql<
  ToldNotice[]
>`(select coalesce(json_agg(json_build_object('id', id, 'user_id', user_id)), '[]'::json) from notices)`;

export const insertedNoticeColumns = {
  id: notifications.id,
  userId: notifications.userId,
  recipientTag: notifications.recipientTag,
};

/** The writes that may run alongside, given values or a prepared statement's placeholders. */
export const touchReportWrite = (db: Executor, reportId: number | Placeholder) =>
  db.update(reports).set({ updatedAt: sql`now()` }).where(eq(reports.id, reportId));
const ownerQueueWrite = (db: Executor, payload: Buffer | Placeholder) =>
  db.insert(ownerQueue).values({ payload });

/**
 * The owner queue's row of a report filed in one statement (reports.repository.ts
 * `fileReportStatement`), as a `select` for its `with`: its sealed payload, or no row when the
 * `queuePayload` parameter is null (a report with no anonymous owner to index).
 */
export const queuedOwnerRowSql = sql`select gen_random_uuid(), ${sql.placeholder('queuePayload')}::bytea where ${sql.placeholder('queuePayload')}::bytea is not null`;

/** The notices' insert, prepared under `name`, with `alongside` as its data-modifying `with`. */
function noticesInsert(name: string, alongside?: (db: Executor) => unknown) {
  return preparedQuery((db) =>
    (alongside ? db.with(db.$with('alongside').as(alongside(db) as never)) : db)
      .insert(notifications)
      .select(noticeRowsSql)
      .returning(insertedNoticeColumns)
      .prepare(name),
  );
}

const insertNotices = noticesInsert('insert_notices');
const insertNoticesTouching = noticesInsert('insert_notices_touching', (db) =>
  touchReportWrite(db, sql.placeholder('reportId')),
);
const insertNoticesQueueing = noticesInsert('insert_notices_queueing', (db) =>
  ownerQueueWrite(db, sql.placeholder('queuePayload')),
);

export async function insertNotificationRows(
  db: Executor,
  rows: NewNotificationRow[],
  alongside?: WriteAlongside,
): Promise<{ id: number; userId: number | null; recipientTag: string | null }[]> {
  if (rows.length === 0) {
    if (alongside && 'touchReport' in alongside) {
      await touchReportWrite(db, alongside.touchReport);
    } else if (alongside) {
      await ownerQueueWrite(db, alongside.ownerQueuePayload);
    }
    return [];
  }
  const params = { rows: noticeRowsParam(rows) };
  if (!alongside) return insertNotices(db).execute(params);
  if ('touchReport' in alongside) {
    return insertNoticesTouching(db).execute({ ...params, reportId: alongside.touchReport });
  }
  return insertNoticesQueueing(db).execute({
    ...params,
    queuePayload: alongside.ownerQueuePayload,
  });
}

/** NOTIFY inside the caller's transaction is delivered only if it commits. */
export async function publishNotificationSignals(db: Executor, signals: NotificationSignal[]) {
  if (signals.length === 0) return;
  const payloads = signals.map((signal) => JSON.stringify(signal));
  await db.execute(
    sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, payload) from unnest(${sql.param(payloads)}::text[]) as payload`,
  );
}

export type NotificationRow = {
  id: number;
  userId: number | null;
  recipientTag: string | null;
  payload: Buffer;
  isRead: boolean;
  createdAt: Date;
};

const rowColumns = {
  id: notifications.id,
  userId: notifications.userId,
  recipientTag: notifications.recipientTag,
  payload: notifications.payload,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

/** What a recipient's list shows: whether it is the account's own, or to them as a reporter. */
export type ListedNotificationRow = Omit<NotificationRow, 'recipientTag'>;

const listedColumns = {
  id: notifications.id,
  userId: notifications.userId,
  payload: notifications.payload,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

/**
 * Newest first; rows created in one transaction share `created_at`, and notices about anonymous
 * reports keep the day only, so the id breaks ties.
 */
/**
 * The whole list, the unpaged answer every client asks for: prepared (db/prepared.ts), for an
 * account with no anonymous report, as most are.
 */
const allNotificationsFor = preparedQuery((db) =>
  db
    .select(listedColumns)
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .prepare('notifications_for_user'),
);

export async function findNotificationsForUser(
  db: Executor,
  recipient: Recipient,
  page?: { limit: number; offset: number },
): Promise<ListedNotificationRow[]> {
  if (!page && recipient.tags.length === 0) {
    return allNotificationsFor(db).execute({ userId: recipient.userId });
  }
  const query = db
    .select(listedColumns)
    .from(notifications)
    .where(addressedTo(recipient))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countNotificationsForUser(
  db: Executor,
  recipient: Recipient,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(addressedTo(recipient));
  return row?.total ?? 0;
}

/**
 * Unread notices: an account's by their flag; the reporter's, by the read marks kept in their
 * index (`readThrough`, and `read` above it).
 */
export async function countUnreadForUser(
  db: Executor,
  recipient: Recipient,
  marks: { readThrough: number; read: number[] },
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`(count(*) filter (where ${notifications.userId} = ${recipient.userId} and not ${notifications.isRead}))::int`,
      reporter:
        recipient.tags.length === 0
          ? sql<number>`0`
          : sql<number>`(count(*) filter (where ${inArray(notifications.recipientTag, recipient.tags)} and ${notifications.id} > ${marks.readThrough} and not (${notifications.id} = any(${sql.param(marks.read)}::int[]))))::int`,
    })
    .from(notifications)
    .where(addressedTo(recipient));
  return (row?.total ?? 0) + Number(row?.reporter ?? 0);
}

export async function findNotificationsByIds(
  db: Executor,
  ids: number[],
): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select(rowColumns).from(notifications).where(inArray(notifications.id, ids));
}

/** Marks one of the account's own notices read; null when it has no such notice. */
export async function markAccountNoticeRead(
  db: Executor,
  id: number,
  userId: number,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning(rowColumns);
  return row ?? null;
}

/** A notice to the reporter of one of `tags`' reports, by id; null when none. */
export async function findReporterNotice(
  db: Executor,
  id: number,
  tags: string[],
): Promise<NotificationRow | null> {
  if (tags.length === 0) return null;
  const [row] = await db
    .select(rowColumns)
    .from(notifications)
    .where(and(eq(notifications.id, id), inArray(notifications.recipientTag, tags)));
  return row ?? null;
}

/** Marks the account's own notices read; answers how many were unread. */
export async function markAccountNoticesRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The account's own unread notices (their payloads say which report each is about). */
export async function findUnreadAccountNotices(
  db: Executor,
  userId: number,
): Promise<Pick<NotificationRow, 'id' | 'payload'>[]> {
  return db
    .select({ id: notifications.id, payload: notifications.payload })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

/** Marks those of `ids` that are the account's own notices read; answers how many were unread. */
export async function markAccountNoticesReadByIds(
  db: Executor,
  userId: number,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        sql`${notifications.id} = any(${sql.param(ids)}::int[])`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The ids of the notices to the reporter of one anonymous report (its tag), oldest first. */
export async function findReporterNoticeIds(db: Executor, tag: string): Promise<number[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.recipientTag, tag))
    .orderBy(notifications.id);
  return rows.map((row) => row.id);
}

/** The newest notice to the reporter of any of `tags`' reports (0 when none). */
export async function newestReporterNotice(db: Executor, tags: string[]): Promise<number> {
  if (tags.length === 0) return 0;
  const [row] = await db
    .select({ newest: sql<number | null>`max(${notifications.id})` })
    .from(notifications)
    .where(inArray(notifications.recipientTag, tags));
  return Number(row?.newest ?? 0);
}

/** What decides who owns a report (owners/owner-index.ts `isReportOwner`), for its notices. */
export async function findReportOwnership(db: Executor, id: number) {
  const [row] = await db
    .select({
      ownerUserId: reports.ownerUserId,
      ownerHash: reports.ownerHash,
      reference: reports.reference,
    })
    .from(reports)
    .where(eq(reports.id, id));
  return row ?? null;
}
