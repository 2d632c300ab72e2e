import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  mailOutbox,
  notifications,
  reportMessages,
  reportReads,
  reports,
  users,
  voiceRecordings,
} from '../../db/schema';
import {
  adminNoticeRowsSql,
  insertedNoticeColumns,
  type ToldNotice,
  toldNoticesSql,
  touchReportWrite,
} from '../notifications/notifications.service';
import { adminAlertRowsSql } from '../outbox/outbox';
import { replyViewGuardSql } from '../reports/report-access';

export type NewMessageRow = typeof reportMessages.$inferInsert;

/** A message's own columns, read alike by the queries of one message and of a whole thread. */
const messageColumns = {
  senderKind: reportMessages.senderKind,
  senderUserId: reportMessages.senderUserId,
  isInternal: reportMessages.isInternal,
  isFeedback: reportMessages.isFeedback,
  body: reportMessages.body,
  sentAt: reportMessages.sentAt,
  /** The message's voice recording (modules/voice), if it is a voice message. */
  voice: sql<{
    id: number;
    duration_ms: number;
  } | null>`(select json_build_object('id', ${voiceRecordings.id}, 'duration_ms', ${voiceRecordings.durationMs}) from ${voiceRecordings} where ${voiceRecordings.messageId} = ${reportMessages.id})`,
};

function selectMessages(db: Executor) {
  return db
    .select({ id: reportMessages.id, ...messageColumns, senderUsername: users.username })
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

const sender = alias(users, 'sender');
const owner = alias(users, 'owner');

/**
 * A report's thread with what deciding who may read it needs (report-access.ts) and what names
 * its senders, in one statement: one row a message, the report's columns on each, or a single
 * row without a message when the thread is empty; none when the report does not exist.
 */
const threadOfReport = preparedQuery((db) =>
  db
    .select({
      id: reports.id,
      reference: reports.reference,
      isAnonymous: reports.isAnonymous,
      ownerUserId: reports.ownerUserId,
      ownerAccountDeleted: reports.ownerAccountDeleted,
      ownerHash: reports.ownerHash,
      organizationId: reports.organizationId,
      /** Joined only for identified reports: the owner of an anonymous one is not linked. */
      ownerUsername: owner.username,
      messageId: reportMessages.id,
      ...messageColumns,
      senderUsername: sender.username,
    })
    .from(reports)
    .leftJoin(owner, eq(owner.id, reports.ownerUserId))
    .leftJoin(reportMessages, eq(reportMessages.reportId, reports.id))
    .leftJoin(sender, eq(sender.id, reportMessages.senderUserId))
    .where(eq(reports.id, sql.placeholder('reportId')))
    .orderBy(asc(reportMessages.sentAt), asc(reportMessages.id))
    .prepare('thread_of_report'),
);

export type ThreadReport = {
  id: number;
  reference: string;
  isAnonymous: boolean;
  ownerUserId: number | null;
  ownerAccountDeleted: boolean;
  ownerHash: string | null;
  organizationId: number | null;
  ownerUsername: string | null;
};

/** The report (null when it does not exist) and its thread in order, read together. */
export async function findThread(
  db: Executor,
  reportId: number,
): Promise<{ report: ThreadReport; messages: MessageRecord[] } | null> {
  const rows = await threadOfReport(db).execute({ reportId });
  const [first] = rows;
  if (!first) return null;
  const report: ThreadReport = {
    id: first.id,
    reference: first.reference,
    isAnonymous: first.isAnonymous,
    ownerUserId: first.ownerUserId,
    ownerAccountDeleted: first.ownerAccountDeleted,
    ownerHash: first.ownerHash,
    organizationId: first.organizationId,
    ownerUsername: first.ownerUsername,
  };
  const messages: MessageRecord[] = [];
  for (const row of rows) {
    if (row.messageId === null) continue;
    messages.push({
      id: row.messageId,
      senderKind: row.senderKind as MessageRecord['senderKind'],
      senderUserId: row.senderUserId,
      isInternal: row.isInternal as boolean,
      isFeedback: row.isFeedback as boolean,
      body: row.body as Buffer,
      sentAt: row.sentAt as Date,
      voice: row.voice,
      senderUsername: row.senderUsername,
    });
  }
  return { report, messages };
}

export async function insertMessage(db: Executor, row: NewMessageRow): Promise<number> {
  const [inserted] = await db
    .insert(reportMessages)
    .values(row)
    .returning({ id: reportMessages.id });
  return (inserted as { id: number }).id;
}

export type InsertedMessage = typeof reportMessages.$inferSelect;

/** What sending writes of a message: every column it sets. */
export type SentMessage = Pick<
  NewMessageRow,
  'reportId' | 'senderKind' | 'senderUserId' | 'isInternal' | 'isFeedback' | 'body'
>;

const sentColumns = [
  'reportId',
  'senderKind',
  'senderUserId',
  'isInternal',
  'isFeedback',
  'body',
] as const satisfies readonly (keyof SentMessage)[];

/** The values of a message's insert, each its statement's placeholder of the same name. */
const sentPlaceholders = () =>
  Object.fromEntries(sentColumns.map((column) => [column, sql.placeholder(column)])) as never;

/**
 * The insert of a message, prepared once per handle under `name`, answering its row as written
 * (its id and time) and `also`: more columns read in the same statement (what telling the
 * report's administrators needs, report-access.ts `noticeScopeColumns`), so they cost no round
 * trip of their own. The placeholders of `also` are filled from `params`.
 */
export function messageInsert<Also extends Record<string, SQL>>(name: string, also: Also) {
  const statement = preparedQuery((db) =>
    db
      .insert(reportMessages)
      .values(sentPlaceholders())
      .returning({ ...getTableColumns(reportMessages), ...also } as Record<string, SQL | PgColumn>)
      .prepare(name),
  );
  return async (
    db: Executor,
    row: SentMessage,
    params: Record<string, unknown> = {},
  ): Promise<{ row: InsertedMessage; also: { [K in keyof Also]: unknown } }> => {
    const [record] = (await statement(db).execute({
      ...params,
      ...Object.fromEntries(sentColumns.map((column) => [column, row[column] ?? null])),
      isFeedback: row.isFeedback ?? false,
    })) as Record<string, unknown>[];
    const written = {} as Record<string, unknown>;
    const read = {} as Record<string, unknown>;
    for (const [key, value] of Object.entries(record ?? {})) {
      if (key in also) read[key] = value;
      else written[key] = value;
    }
    return { row: written as InsertedMessage, also: read as { [K in keyof Also]: unknown } };
  };
}

/**
 * A reporter's message without a recording, the notices that tell the report's administrators,
 * the report's touch and, with a mailer, their email alerts' outbox rows, in one statement. A
 * statement is its own transaction (all of it is written, or none), so it needs no `begin` or
 * `commit`: the writes cost one round trip. `rows` are the notices' rows
 * (notifications.service.ts `adminNoticeRows`), each written only to an account still an active
 * administrator as the statement runs; `alerts` the outbox rows (outbox.ts `alertRowsParam`).
 * All of it is written only while the report's view is the one they were built from (its
 * `viewDigest`, report-access.ts `replyViewOf`): else the message's report id is null and the
 * statement is refused whole (`isStaleReplyView`). Answers the message's row as written and the
 * notices written.
 */
const { body: _sent, ...writtenColumns } = getTableColumns(reportMessages);

function reporterMessageStatement(name: string, withAlerts: boolean) {
  return preparedQuery((db) => {
    const notices = db
      .$with('notices')
      .as(
        db
          .insert(notifications)
          .select(adminNoticeRowsSql)
          .returning(insertedNoticeColumns) as never,
      );
    const touched = db
      .$with('touched')
      .as(touchReportWrite(db, sql.placeholder('reportId')) as never);
    const alerts = db.$with('alerts').as(db.insert(mailOutbox).select(adminAlertRowsSql) as never);
    return db
      .with(...(withAlerts ? [notices, touched, alerts] : [notices, touched]))
      .insert(reportMessages)
      .values({ ...(sentPlaceholders() as object), reportId: replyViewGuardSql } as never)
      .returning({
        // All but the body, which is the one sent: no sealed bytes come back.
        ...writtenColumns,
        told: toldNoticesSql,
      })
      .prepare(name);
  });
}

const reporterMessage = reporterMessageStatement('insert_reporter_message_told', false);
const reporterMessageMailed = reporterMessageStatement('insert_reporter_message_mailed', true);

export async function writeReporterMessage(
  db: Executor,
  row: Omit<SentMessage, 'senderKind' | 'isInternal' | 'isFeedback'>,
  told: { rows: string; alerts: string | null; viewDigest: string },
): Promise<{ row: InsertedMessage; told: ToldNotice[] }> {
  const params = {
    ...row,
    viewDigest: told.viewDigest,
    senderKind: 'reporter',
    isInternal: false,
    isFeedback: false,
    rows: told.rows,
  };
  const [record] = await (told.alerts === null
    ? reporterMessage(db).execute(params)
    : reporterMessageMailed(db).execute({ ...params, alerts: told.alerts }));
  const { told: written, ...message } = record as Omit<InsertedMessage, 'body'> & {
    told: ToldNotice[];
  };
  return { row: { ...message, body: row.body }, told: written };
}

/**
 * The record of a reporter's message just sent without a recording, built from its row as
 * written, without reading it back: its sender is named by the report, never by the account the
 * join would add (comments.service.ts `senderName`). Null for any other message.
 */
export function recordOfNewMessage(row: InsertedMessage, hasVoice: boolean): MessageRecord | null {
  if (hasVoice || row.senderKind !== 'reporter') return null;
  return {
    id: row.id,
    senderKind: row.senderKind,
    senderUserId: row.senderUserId,
    isInternal: row.isInternal,
    isFeedback: row.isFeedback,
    body: row.body,
    sentAt: row.sentAt,
    voice: null,
    senderUsername: null,
  };
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
      set: { lastMessageId: sql`excluded.last_message_id` },
      // Unchanged when nothing new was read: no write, so the kept answers stay (lib/read-cache.ts).
      setWhere: sql`${reportReads.lastMessageId} < excluded.last_message_id`,
    });
}
