import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { reportMessages, reportReads, users } from '../../db/schema';

export type NewMessageRow = typeof reportMessages.$inferInsert;

function selectMessages(db: Executor) {
  return db
    .select({
      id: reportMessages.id,
      senderKind: reportMessages.senderKind,
      senderUserId: reportMessages.senderUserId,
      isInternal: reportMessages.isInternal,
      isFeedback: reportMessages.isFeedback,
      body: reportMessages.body,
      sentAt: reportMessages.sentAt,
      senderUsername: users.username,
    })
    .from(reportMessages)
    .leftJoin(users, eq(users.id, reportMessages.senderUserId));
}

/** A report's thread, read on every view of it: prepared (db/prepared.ts). */
const messagesOfReport = preparedQuery((db) =>
  selectMessages(db)
    .where(eq(reportMessages.reportId, sql.placeholder('reportId')))
    .orderBy(asc(reportMessages.sentAt), asc(reportMessages.id))
    .prepare('messages_of_report'),
);

export async function findMessages(db: Executor, reportId: number) {
  return messagesOfReport(db).execute({ reportId });
}

export async function findMessage(db: Executor, messageId: number) {
  const [message] = await selectMessages(db).where(eq(reportMessages.id, messageId));
  return message;
}

export type MessageRecord = Awaited<ReturnType<typeof findMessages>>[number];

export async function insertMessage(db: Executor, row: NewMessageRow): Promise<number> {
  const [inserted] = await db
    .insert(reportMessages)
    .values(row)
    .returning({ id: reportMessages.id });
  return (inserted as { id: number }).id;
}

/** Records that an administrator was shown the thread up to `lastMessageId`; never moves back. */
export async function markThreadRead(
  db: Executor,
  read: { userId: number; reportId: number; lastMessageId: number },
) {
  await db
    .insert(reportReads)
    .values(read)
    .onConflictDoUpdate({
      target: [reportReads.userId, reportReads.reportId],
      set: { lastMessageId: sql`greatest(${reportReads.lastMessageId}, excluded.last_message_id)` },
    });
}
