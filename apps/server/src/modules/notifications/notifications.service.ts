import type {
  LiveNotificationEvent,
  Notification,
  NotificationPage,
} from '@candor/contract/notifications';
import type { PageQuery } from '@candor/contract/pagination';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedColumns } from '../../db/sealed-columns';
import type { Sealer } from '../../lib/crypto';
import { NotFoundError } from '../../lib/errors';
import { listOrPage } from '../../lib/pagination';
import { resolveAccessToken } from '../accounts/caller.service';
import * as repo from './notifications.repository';

export const NOTIFICATION_PURPOSE = sealedColumns.notificationPayload.purpose;

const RECIPIENT_TAG_PURPOSE = 'notification.recipient';

/** The keyed tag that addresses a user's notices about anonymous reports. */
export function recipientTagOf(ctx: Pick<AppContext, 'hash'>, userId: number): string {
  return ctx.hash(RECIPIENT_TAG_PURPOSE, userId);
}

export function recipientOf(ctx: Pick<AppContext, 'hash'>, userId: number): repo.Recipient {
  return { userId, tag: recipientTagOf(ctx, userId) };
}

export type NotificationInput = {
  userId: number;
  /**
   * About an anonymous report: addressed by keyed tag, dated by the day, the precise time sealed
   * (schema.ts `notifications`), so a dump can link it neither to an account nor by time.
   */
  aboutAnonymousReport?: boolean;
  message: string;
  reportId?: number | null;
  reportTitle?: string | null;
  reportReference?: string | null;
};

/**
 * Creates notification rows in the caller's transaction (DESIGN.md "Live notifications") and
 * signals every server process, which pushes them to the recipients' open sockets. Message,
 * report link and title are sealed, so a row never ties a person to a report in a dump.
 */
export async function createNotifications(
  ctx: Pick<AppContext, 'sealer' | 'hash'>,
  db: Executor,
  inputs: NotificationInput[],
): Promise<repo.NotificationSignal[]> {
  const at = new Date().toISOString();
  const byTag = new Map<string, number>();
  const rows = inputs.map((input): repo.NewNotificationRow => {
    const tagged = input.aboutAnonymousReport === true;
    const tag = tagged ? recipientTagOf(ctx, input.userId) : null;
    if (tag) byTag.set(tag, input.userId);
    return {
      userId: tagged ? null : input.userId,
      recipientTag: tag,
      ...(tagged ? { createdAt: sql`date_trunc('day', now(), 'UTC')` } : {}),
      payload: ctx.sealer.sealJson(
        {
          message: input.message,
          report: input.reportId ?? null,
          report_title: input.reportTitle ?? null,
          report_reference: input.reportReference ?? null,
          ...(tagged ? { at } : {}),
        } satisfies repo.NotificationContent,
        NOTIFICATION_PURPOSE,
      ),
    };
  });
  const inserted = await repo.insertNotificationRows(db, rows);
  // The live signal names the account (it is never stored): any process can reach its sockets.
  const signals = inserted.flatMap((row) => {
    const userId = row.userId ?? (row.recipientTag ? byTag.get(row.recipientTag) : undefined);
    return userId === undefined ? [] : [{ id: row.id, userId }];
  });
  await repo.publishNotificationSignals(db, signals);
  return signals;
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

/** A row as its recipient sees it: the sealed payload opened (spec section 3). */
export function toNotification(ctx: Pick<AppContext, 'sealer'>, row: repo.ListedNotificationRow) {
  const content = openNotice(ctx.sealer, row);
  return {
    id: row.id,
    message: content.message,
    is_read: row.isRead,
    created_at: content.at ?? row.createdAt.toISOString(),
    report: content.report ?? null,
    report_title: content.report_title ?? null,
    report_reference: content.report_reference ?? null,
  } satisfies Notification;
}

/** The caller's notifications, newest first; a page when asked for (DESIGN.md 8). */
export async function listNotifications(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash' | 'reads'>,
  userId: number,
  query: PageQuery,
): Promise<Notification[] | NotificationPage> {
  const key = { read: 'notifications', caller: userId, params: [query.limit, query.offset] };
  return ctx.reads.through(ctx.db, key, () =>
    listOrPage(query, {
      find: async (page) =>
        (await repo.findNotificationsForUser(ctx.db, recipientOf(ctx, userId), page)).map((row) =>
          toNotification(ctx, row),
        ),
      count: () => repo.countNotificationsForUser(ctx.db, recipientOf(ctx, userId)),
    }),
  );
}

/** Someone else's notification answers 404 like one that does not exist (DESIGN.md 5). */
export async function markRead(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  userId: number,
  id: number,
): Promise<Notification> {
  const row = await repo.markNotificationRead(ctx.db, id, recipientOf(ctx, userId));
  if (!row) throw new NotFoundError();
  return toNotification(ctx, row);
}

export async function markAllRead(ctx: Pick<AppContext, 'db' | 'hash'>, userId: number) {
  return { updated: await repo.markAllNotificationsRead(ctx.db, recipientOf(ctx, userId)) };
}

export async function unreadCount(ctx: Pick<AppContext, 'db' | 'hash'>, userId: number) {
  return { count: await repo.countUnreadForUser(ctx.db, recipientOf(ctx, userId)) };
}

/**
 * Who may open `/ws/notifications/{userId}/` (DESIGN.md 7): a valid access token of that very
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
 * is gone, or belongs to someone other than the signal says, yields nothing.
 */
export async function loadLiveEvents(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  signals: repo.NotificationSignal[],
): Promise<Map<number, LiveNotificationEvent>> {
  const wanted = new Map(signals.map((signal) => [signal.id, signal.userId]));
  const rows = await repo.findNotificationsByIds(ctx.db, [...wanted.keys()]);
  const events = new Map<number, LiveNotificationEvent>();
  for (const row of rows) {
    const userId = wanted.get(row.id);
    if (userId === undefined) continue;
    const addressed =
      row.userId === null
        ? row.recipientTag === recipientTagOf(ctx, userId)
        : row.userId === userId;
    if (!addressed) continue;
    events.set(row.id, { type: 'notification', ...toNotification(ctx, row) });
  }
  return events;
}
