import type { Language } from '@candor/contract/languages';
import type {
  LiveNotificationEvent,
  Notification,
  NotificationPage,
} from '@candor/contract/notifications';
import type { PageQuery } from '@candor/contract/pagination';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedColumns } from '../../db/sealed-columns';
import type { Sealer } from '../../lib/crypto';
import { NotFoundError } from '../../lib/errors';
import { errorSummary } from '../../lib/logger';
import { listOrPage } from '../../lib/pagination';
import { type ReadCaller, versionKeys } from '../../lib/read-cache';
import { localize } from '../../lib/texts';
import { resolveAccessToken } from '../auth/caller.service';
import { type AlertKind, type MailContext, queueAlerts } from '../outbox/outbox';
import {
  indexKeyOf,
  isReportOwner,
  type OwnerEntries,
  readOwnerState,
  readOwnerStateWithVersions,
  updateOwnerIndex,
} from '../owners/owner-index';
import { findLanguages } from '../users/users.service';
import * as repo from './notifications.repository';

/**
 * A notice's sealed content, the live channel's name, an account's notices for its own export,
 * and the notices' rows to administrators for another module's statement (`adminNoticeRows`).
 */
export {
  adminNoticeRowsSql,
  findNotificationsForUser,
  insertedNoticeColumns,
  NOTIFICATIONS_CHANNEL,
  type NotificationContent,
  queuedOwnerRowSql,
  type ToldNotice,
  toldNoticesSql,
  touchReportWrite,
  type WriteAlongside,
} from './notifications.repository';

export const NOTIFICATION_PURPOSE = sealedColumns.notificationPayload.purpose;

const REPORTER_TAG_PURPOSE = 'notification.reporter';

/** The tag of the notices to the reporter of an anonymous report: one per report. */
export function reporterNoticeTag(ctx: Pick<AppContext, 'hash'>, reportId: number): string {
  return ctx.hash(REPORTER_TAG_PURPOSE, reportId);
}

/**
 * Whom a notice is for: an account, or the reporter of an anonymous report, whoever they are
 * (reports/report-access.ts `reporterTarget`).
 */
export type NotificationTarget = { userId: number } | { reporterOf: number };

export type NotificationInput = NotificationTarget & {
  /**
   * About an anonymous report: dated by the day, the precise time sealed, so no notice shares an
   * instant with the audit row or the report written beside it (schema.ts `notifications`).
   * Always so for a notice to the reporter of one.
   */
  aboutAnonymousReport?: boolean;
  message: string;
  reportId?: number | null;
  reportTitle?: string | null;
  reportReference?: string | null;
  /**
   * Also an email to this staff member (modules/outbox/outbox.ts), written in this transaction:
   * its reference, and its title only inside an encrypted message.
   */
  alert?: AlertKind;
};

/**
 * Creates notification rows in the caller's transaction (docs/design.md "Live notifications")
 * and signals every server process, which pushes them to the recipients' open sockets. Message,
 * report link and title are sealed. A notice to the reporter of an anonymous report is addressed
 * to the report, dated by the day with its time sealed (schema.ts `notifications`): it names no
 * person, so writing it beside the event's other rows about the report ties it to nobody.
 */
export async function createNotifications(
  ctx: MailContext,
  db: Executor,
  inputs: NotificationInput[],
  outbox?: SignalOutbox,
  alongside?: repo.WriteAlongside,
): Promise<repo.NotificationSignal[]> {
  const { rows, reportOfTag } = sealNotices(ctx, inputs);
  const inserted = await repo.insertNotificationRows(db, rows, alongside);
  const signals = signalsOf(inserted, reportOfTag);
  if (outbox) outbox.push(...signals);
  else await repo.publishNotificationSignals(db, signals);
  await queueAlerts(
    ctx,
    db,
    inputs.flatMap((input) =>
      'userId' in input && input.alert
        ? [
            {
              userId: input.userId,
              kind: input.alert,
              reference: input.reportReference ?? null,
              title: input.reportTitle ?? null,
            },
          ]
        : [],
    ),
  );
  return signals;
}

/** The notices' rows, sealed, and the report each notice to a reporter is about. */
function sealNotices(ctx: Pick<AppContext, 'sealer' | 'hash'>, inputs: NotificationInput[]) {
  const at = new Date().toISOString();
  const reportOfTag = new Map<string, number>();
  const rows = inputs.map((input): repo.NewNotificationRow => {
    const toReporter = 'reporterOf' in input;
    const tag = toReporter ? reporterNoticeTag(ctx, input.reporterOf) : null;
    if (tag && toReporter) reportOfTag.set(tag, input.reporterOf);
    const byDay = toReporter || input.aboutAnonymousReport === true;
    return {
      userId: toReporter ? null : input.userId,
      recipientTag: tag,
      byDay,
      payload: ctx.sealer.sealJson(
        {
          message: input.message,
          report: input.reportId ?? null,
          report_title: input.reportTitle ?? null,
          report_reference: input.reportReference ?? null,
          ...(byDay ? { at } : {}),
        } satisfies repo.NotificationContent,
        NOTIFICATION_PURPOSE,
      ),
    };
  });
  return { rows, reportOfTag };
}

/** The live signals of the notices written (each to an account, or to a report's reporter). */
function signalsOf(
  inserted: { id: number; userId: number | null; recipientTag: string | null }[],
  reportOfTag: Map<string, number>,
): repo.NotificationSignal[] {
  return inserted.flatMap((row): repo.NotificationSignal[] => {
    if (row.userId !== null) return [{ id: row.id, userId: row.userId }];
    const report = row.recipientTag ? reportOfTag.get(row.recipientTag) : undefined;
    return report === undefined ? [] : [{ id: row.id, report }];
  });
}

/**
 * Notices to administrators that another module's statement writes, as its data-modifying
 * `with` over `adminNoticeRowsSql` (comments.repository.ts `reporterMessageStatement`), instead
 * of a transaction of their own: `rows`, that statement's parameter, and the live signals of the
 * notices it wrote, to send once it committed (`sendSignalsOf`). Their email alerts are the
 * caller's to write beside them (outbox.ts `alertRowsParam`).
 */
export function adminNoticeRows(
  ctx: Pick<AppContext, 'sealer' | 'hash'>,
  inputs: (NotificationInput & { userId: number })[],
) {
  const { rows } = sealNotices(ctx, inputs);
  return {
    rows: repo.noticeRowsParam(rows),
    signalsOf: (written: repo.ToldNotice[]): repo.NotificationSignal[] =>
      written.map((row) => ({ id: row.id, userId: row.user_id })),
  };
}

/** A live notice, its English event, and the event in another language for whom reads one. */
export type LiveNotice = {
  event: LiveNotificationEvent;
  userIds: number[];
  byUser?: Map<number, LiveNotificationEvent>;
};

/** Live signals of notices written in a transaction, to send once it committed. */
export type SignalOutbox = repo.NotificationSignal[];

/**
 * Runs `write` in a transaction and sends the live signals of the notices it wrote (its outbox)
 * once it committed. A NOTIFY inside the transaction would make its commit wait for every other
 * notifying commit on the database server (PostgreSQL serialises them): the busiest writes
 * (filing, replies, status changes) send theirs after. The notices themselves are in the
 * transaction; a signal lost with the process is a notice seen on the next load, not pushed.
 */
export async function transactionWithNotices<T>(
  ctx: Pick<AppContext, 'db' | 'log'>,
  write: (tx: Executor, outbox: SignalOutbox) => Promise<T>,
): Promise<T> {
  const outbox: SignalOutbox = [];
  const result = await ctx.db.transaction((tx) => write(tx, outbox));
  await sendSignalsOf(ctx, outbox);
  return result;
}

/** Sends the live signals of notices a statement or transaction has committed. */
export async function sendSignalsOf(ctx: Pick<AppContext, 'db' | 'log'>, signals: SignalOutbox) {
  await sendSignals(ctx.db, signals).catch((error: unknown) =>
    ctx.log.warn({ error: errorSummary(error) }, 'live notices not signalled: seen on next load'),
  );
}

type SignalSender = (signals: SignalOutbox) => Promise<void>;

const signalSenders = new WeakMap<Executor, SignalSender>();

/**
 * Sends committed transactions' signals, those of the transactions that committed while one
 * statement was on its way joined in the next: under many writes at once, one statement carries
 * the signals of several instead of one each. Each caller's promise settles once a statement
 * carrying its signals has run. Signals to accounts and signals to the reporter of a report go
 * in statements apart, so no statement pairs a person with a report of someone's.
 */
function sendSignals(db: Executor, signals: SignalOutbox): Promise<void> {
  if (signals.length === 0) return Promise.resolve();
  let send = signalSenders.get(db);
  if (!send) {
    send = coalescingSender(db);
    signalSenders.set(db, send);
  }
  return send(signals);
}

function coalescingSender(db: Executor): SignalSender {
  type Waiting = { signals: SignalOutbox; resolve: () => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let sending = false;
  const sendBatch = async (batch: Waiting[]) => {
    const all = batch.flatMap((entry) => entry.signals);
    const toAccounts = all.filter((signal) => 'userId' in signal);
    const toReports = all.filter((signal) => !('userId' in signal));
    await repo.publishNotificationSignals(db, toAccounts);
    await repo.publishNotificationSignals(db, toReports);
  };
  const drain = async () => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await sendBatch(batch);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    sending = false;
  };
  return (signals) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ signals, resolve, reject });
      if (!sending) void drain();
    });
}

/** Who a user is to the notifications table: their account, their reports' tags, what they read. */
export type NoticeReader = { recipient: repo.Recipient; marks: OwnerEntries };

export async function noticeReaderOf(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  userId: number,
): Promise<NoticeReader> {
  return readerOf(ctx, userId, await readOwnerState(ctx, ctx.db, userId));
}

function readerOf(ctx: Pick<AppContext, 'hash'>, userId: number, marks: OwnerEntries) {
  return {
    recipient: { userId, tags: marks.ids.map((id) => reporterNoticeTag(ctx, id)) },
    marks,
  };
}

function isReadFor(reader: NoticeReader, row: { id: number; isRead: boolean }, byAccount: boolean) {
  if (byAccount) return row.isRead;
  return row.id <= reader.marks.readThrough || reader.marks.read.includes(row.id);
}

const OPENED_NOTICES_MAX = 20_000;
const OPENED_NOTICE_MAX_AGE_MS = 10 * 60_000;

type OpenedNotice = { payload: Buffer; content: Readonly<repo.NotificationContent> };

/**
 * Notices opened lately, by id, each with the sealed bytes it was opened from: a list reads the
 * same notices on every request, and comparing those bytes is cheaper than the sealer's own
 * memory of opened values (a string of them, hashed, then the JSON parsed again). A row whose
 * bytes changed (sealed again, rewrapped) is opened afresh. Kept by the sealer that opened them;
 * in this process's memory only, never written or logged, and bounded in count and age as the
 * sealer's (lib/crypto.ts).
 */
const openedNotices = new WeakMap<
  Sealer,
  { generation: number; notices: LRUCache<number, OpenedNotice> }
>();

function openNotice(
  sealer: Sealer,
  row: Pick<repo.ListedNotificationRow, 'id' | 'payload'>,
): Readonly<repo.NotificationContent> {
  let memory = openedNotices.get(sealer);
  // The sealer forgot its opened values (a report was deleted or purged): so does this.
  if (!memory || memory.generation !== sealer.openedGeneration) {
    memory = {
      generation: sealer.openedGeneration,
      notices: new LRUCache({ max: OPENED_NOTICES_MAX, ttl: OPENED_NOTICE_MAX_AGE_MS }),
    };
    openedNotices.set(sealer, memory);
  }
  const kept = memory.notices.get(row.id);
  if (kept?.payload.equals(row.payload)) return kept.content;
  const content = Object.freeze(
    sealer.openJson<repo.NotificationContent>(row.payload, NOTIFICATION_PURPOSE),
  );
  memory.notices.set(row.id, { payload: Buffer.from(row.payload), content });
  return content;
}

/**
 * A row as its recipient sees it: the sealed payload opened; `isRead` as their reader says
 * (a notice to the reporter keeps its read mark in their index).
 */
export function toNotification(
  ctx: Pick<AppContext, 'sealer'>,
  row: repo.ListedNotificationRow,
  isRead: boolean = row.isRead,
) {
  const content = openNotice(ctx.sealer, row);
  return {
    id: row.id,
    message: content.message,
    is_read: isRead,
    created_at: content.at ?? row.createdAt.toISOString(),
    report: content.report ?? null,
    report_title: content.report_title ?? null,
    report_reference: content.report_reference ?? null,
  } satisfies Notification;
}

/**
 * Notices are written in English and drawn in their reader's language when read (docs/api.md
 * "Languages"): the account's saved language, English until one is chosen.
 */
export async function readerLanguage(ctx: Pick<AppContext, 'db'>, userId: number) {
  return (await findLanguages(ctx.db, [userId])).get(userId) ?? null;
}

function inLanguage<T extends { message: string }>(notice: T, language: Language | null): T {
  return language ? { ...notice, message: localize(notice.message, language) } : notice;
}

/** A notice, or a list or page of them, in the reader's language. */
export function noticesInLanguage<T extends Notification | Notification[] | NotificationPage>(
  notices: T,
  language: Language | null,
): T {
  if (!language || language === 'en') return notices;
  if (Array.isArray(notices)) return notices.map((notice) => inLanguage(notice, language)) as T;
  if ('results' in notices) {
    return { ...notices, results: notices.results.map((n) => inLanguage(n, language)) } as T;
  }
  return inLanguage(notices, language) as T;
}

/** The caller's notifications, newest first, in their language; a page when asked for (docs/api.md). */
export async function listNotifications(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash' | 'reads'>,
  user: ReadCaller,
  query: PageQuery,
): Promise<Notification[] | NotificationPage> {
  // Who they are to the table is read first: the kept answer depends on their account's notices,
  // their index and the notices to the reporter of each of their anonymous reports. The first
  // two keys' versions are read with it; when they filed none anonymously, that is all.
  const own = [versionKeys.account(user.id), versionKeys.ownerIndex(indexKeyOf(ctx, user.id))];
  const state = await readOwnerStateWithVersions(
    ctx,
    ctx.db,
    user.id,
    ctx.reads.keysOf({ versions: own }),
  );
  const reader = readerOf(ctx, user.id, state.entries);
  const key = {
    read: 'notifications',
    caller: user,
    params: [query.limit, query.offset],
    versions: [...own, ...reader.recipient.tags.map(versionKeys.reporterNotices)],
  };
  const known = reader.recipient.tags.length === 0 ? state.version : undefined;
  // In their saved language, which their account's version follows.
  return ctx.reads.through(
    ctx.db,
    key,
    async () =>
      noticesInLanguage(
        await listOrPage(query, {
          find: async (page) =>
            (await repo.findNotificationsForUser(ctx.db, reader.recipient, page)).map((row) =>
              toNotification(ctx, row, isReadFor(reader, row, row.userId !== null)),
            ),
          count: () => repo.countNotificationsForUser(ctx.db, reader.recipient),
        }),
        await readerLanguage(ctx, user.id),
      ),
    known,
  );
}

/**
 * Marks one notice read. The account's own: its flag. One to them as the reporter of an
 * anonymous report: the mark goes into their index, in a transaction that writes nothing else,
 * so the notice's row (which belongs with the report) is not touched. Someone else's notice
 * answers 404 like one that does not exist (docs/protection.md).
 */
export async function markRead(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  userId: number,
  id: number,
): Promise<Notification> {
  const own = await repo.markAccountNoticeRead(ctx.db, id, userId);
  if (own) return toNotification(ctx, own);
  const reader = await noticeReaderOf(ctx, userId);
  const row = await repo.findReporterNotice(ctx.db, id, reader.recipient.tags);
  if (!row) throw new NotFoundError();
  if (!isReadFor(reader, row, false)) {
    await ctx.db.transaction((tx) =>
      updateOwnerIndex(ctx, tx, userId, (entries) => ({
        ...entries,
        read: entries.read.includes(id) ? entries.read : [...entries.read, id],
      })),
    );
  }
  return toNotification(ctx, row, true);
}

/**
 * Marks everything read: the account's own notices by their flag, and the reporter's by moving
 * the read mark in their index past the newest. One transaction that writes only what reaches
 * the person, never a row about one of their reports.
 */
export async function markAllRead(ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>, userId: number) {
  const reader = await noticeReaderOf(ctx, userId);
  const reporterUnread = await repo.countUnreadForUser(
    ctx.db,
    { userId: -1, tags: reader.recipient.tags },
    reader.marks,
  );
  const newest = await repo.newestReporterNotice(ctx.db, reader.recipient.tags);
  const updated = await ctx.db.transaction(async (tx) => {
    const own = await repo.markAccountNoticesRead(tx, userId);
    if (reporterUnread > 0) {
      await updateOwnerIndex(ctx, tx, userId, (entries) => ({
        ...entries,
        readThrough: Math.max(entries.readThrough, newest),
        read: entries.read.filter((id) => id > newest),
      }));
    }
    return own;
  });
  return { updated: updated + reporterUnread };
}

/**
 * Opening a report clears the caller's notices about it, as reading them one by one would: their
 * account's own notices whose sealed payload names the report, by their flag; and, when they filed
 * it anonymously, the notices to its reporter, by read marks in their index. Found here, cleared
 * by `clearNoticesAbout`, so the report's kept answer can hold what it found.
 */
export type NoticesAbout = { own: number[]; asReporter: number[] };

/**
 * The versions `unreadNoticesAbout` depends on: the account's notices, their index, and the
 * notices to the report's reporter, whoever they are (a report they did not file anonymously
 * has none for them).
 */
export function noticeVersionsAbout(
  ctx: Pick<AppContext, 'hash'>,
  userId: number,
  reportId: number,
): string[] {
  return [
    versionKeys.account(userId),
    versionKeys.ownerIndex(indexKeyOf(ctx, userId)),
    versionKeys.reporterNotices(reporterNoticeTag(ctx, reportId)),
  ];
}

export async function unreadNoticesAbout(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  userId: number,
  report: { id: number; isAnonymous: boolean },
): Promise<NoticesAbout> {
  const own = (await repo.findUnreadAccountNotices(ctx.db, userId))
    .filter((row) => openNotice(ctx.sealer, row).report === report.id)
    .map((row) => row.id);
  if (!report.isAnonymous) return { own, asReporter: [] };
  const reader = await noticeReaderOf(ctx, userId);
  if (!reader.marks.ids.includes(report.id)) return { own, asReporter: [] };
  const asReporter = (
    await repo.findReporterNoticeIds(ctx.db, reporterNoticeTag(ctx, report.id))
  ).filter((id) => !isReadFor(reader, { id, isRead: false }, false));
  return { own, asReporter };
}

/**
 * Marks read what `unreadNoticesAbout` found, in two transactions, each writing only what
 * reaches the person (as `markRead`): never a statement over rows addressed by account and by
 * tag together, and never a row about the report. Answers how many were unread.
 */
export async function clearNoticesAbout(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  userId: number,
  found: NoticesAbout,
): Promise<number> {
  const cleared =
    found.own.length === 0
      ? 0
      : await ctx.db.transaction((tx) => repo.markAccountNoticesReadByIds(tx, userId, found.own));
  if (found.asReporter.length === 0) return cleared;
  await ctx.db.transaction((tx) =>
    updateOwnerIndex(ctx, tx, userId, (entries) => ({
      ...entries,
      read: [...entries.read, ...found.asReporter.filter((id) => !entries.read.includes(id))],
    })),
  );
  return cleared + found.asReporter.length;
}

export async function unreadCount(ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>, userId: number) {
  const reader = await noticeReaderOf(ctx, userId);
  return { count: await repo.countUnreadForUser(ctx.db, reader.recipient, reader.marks) };
}

/**
 * Who may open `/ws/notifications/{userId}/` (docs/protection.md "Protecting reporters"): a valid access token of that very
 * user, whose account is active. Answers when the token expires, or null to refuse.
 */
export async function authenticateLiveSocket(
  ctx: Pick<AppContext, 'db' | 'accessTokens' | 'config' | 'callers'>,
  token: string | null,
  userId: number | null,
): Promise<{ expiresAtMs: number } | null> {
  if (!token || userId === null) return null;
  const resolved = await resolveAccessToken(ctx, token);
  if (!resolved || resolved.user.id !== userId) return null;
  return { expiresAtMs: resolved.claims.exp * 1000 };
}

/**
 * The live events for signals heard on the channel, keyed by notification id. A signal whose row
 * is gone, or is addressed otherwise than the signal says, yields nothing. A notice to an
 * account goes to that account; one to the reporter of a report goes to whichever of
 * `connected` (the users with a socket on this process) filed it.
 */
export async function loadLiveEvents(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash' | 'callers'>,
  signals: repo.NotificationSignal[],
  connected: readonly number[],
): Promise<Map<number, LiveNotice>> {
  const rows = await repo.findNotificationsByIds(
    ctx.db,
    signals.map((signal) => signal.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const events = new Map<number, LiveNotice>();
  const pending: { id: number; event: LiveNotificationEvent; userIds: number[] }[] = [];
  for (const signal of signals) {
    const row = byId.get(signal.id);
    if (!row) continue;
    let userIds: number[];
    if ('userId' in signal) {
      if (row.userId !== signal.userId) continue;
      userIds = [signal.userId];
    } else {
      if (row.userId !== null || row.recipientTag !== reporterNoticeTag(ctx, signal.report)) {
        continue;
      }
      userIds = await reportersAmong(ctx, signal.report, connected);
    }
    if (userIds.length === 0) continue;
    pending.push({
      id: row.id,
      event: { type: 'notification', ...toNotification(ctx, row, false) },
      userIds,
    });
  }
  // Each recipient reads it in their own language.
  const languages = await findLanguages(ctx.db, [
    ...new Set(pending.flatMap((found) => found.userIds)),
  ]);
  for (const { id, event, userIds } of pending) {
    const byUser = new Map<number, LiveNotificationEvent>();
    for (const userId of userIds) {
      const language = languages.get(userId) ?? null;
      if (language && language !== 'en') byUser.set(userId, inLanguage(event, language));
    }
    events.set(id, { event, userIds, ...(byUser.size > 0 ? { byUser } : {}) });
  }
  return events;
}

/** Which of these users filed the anonymous report: its tag is tested against each. */
async function reportersAmong(
  ctx: Pick<AppContext, 'db' | 'hash' | 'callers'>,
  reportId: number,
  userIds: readonly number[],
): Promise<number[]> {
  const report = await repo.findReportOwnership(ctx.db, reportId);
  if (!report) return [];
  const found: number[] = [];
  for (const userId of userIds) {
    const caller = await ctx.callers.find(ctx.db, userId);
    if (caller && isReportOwner(ctx, caller, report)) found.push(userId);
  }
  return found;
}
