import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { notifications } from '../../db/schema';

/** The PostgreSQL channel on which every server process hears of new notifications. */
export const NOTIFICATIONS_CHANNEL = 'candor_notifications';

/** What is sealed in `notifications.payload` (DESIGN.md 1). */
export type NotificationContent = {
  message: string;
  report: number | null;
  report_title: string | null;
  /** Absent from notices written before references were kept. */
  report_reference?: string | null;
  /** The precise time of a notice whose `created_at` keeps the day only. */
  at?: string;
};

/** Whom a query is for: their id, and the keyed tag their notices about anonymous reports bear. */
export type Recipient = { userId: number; tag: string };

function addressedTo(recipient: Recipient): SQL {
  return or(
    eq(notifications.userId, recipient.userId),
    eq(notifications.recipientTag, recipient.tag),
  ) as SQL;
}

export type NotificationSignal = { id: number; userId: number };

export type NewNotificationRow = {
  userId: number | null;
  recipientTag: string | null;
  payload: Buffer;
  createdAt?: SQL;
};

export async function insertNotificationRows(db: Executor, rows: NewNotificationRow[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({
    id: notifications.id,
    userId: notifications.userId,
    recipientTag: notifications.recipientTag,
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

/** What a recipient's list shows: whom each row is addressed to is known already. */
export type ListedNotificationRow = Omit<NotificationRow, 'userId' | 'recipientTag'>;

const listedColumns = {
  id: notifications.id,
  payload: notifications.payload,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

/**
 * Newest first; rows created in one transaction share `created_at`, and notices about anonymous
 * reports keep the day only, so the id breaks ties.
 */
/** The whole list, the unpaged answer every client asks for: prepared (db/prepared.ts). */
const allNotificationsFor = preparedQuery((db) =>
  db
    .select(listedColumns)
    .from(notifications)
    .where(
      or(
        eq(notifications.userId, sql.placeholder('userId')),
        eq(notifications.recipientTag, sql.placeholder('tag')),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .prepare('notifications_for_user'),
);

export async function findNotificationsForUser(
  db: Executor,
  recipient: Recipient,
  page?: { limit: number; offset: number },
): Promise<ListedNotificationRow[]> {
  if (!page) return allNotificationsFor(db).execute(recipient);
  return db
    .select(listedColumns)
    .from(notifications)
    .where(addressedTo(recipient))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
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

export async function countUnreadForUser(db: Executor, recipient: Recipient): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(addressedTo(recipient), eq(notifications.isRead, false)));
  return row?.total ?? 0;
}

export async function findNotificationsByIds(
  db: Executor,
  ids: number[],
): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db.select(rowColumns).from(notifications).where(inArray(notifications.id, ids));
}

/** Marks one of the user's notifications read; null when the user has no such notification. */
export async function markNotificationRead(
  db: Executor,
  id: number,
  recipient: Recipient,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), addressedTo(recipient)))
    .returning(rowColumns);
  return row ?? null;
}

/** Answers how many were unread. */
export async function markAllNotificationsRead(
  db: Executor,
  recipient: Recipient,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(addressedTo(recipient), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
