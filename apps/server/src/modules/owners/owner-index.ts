import { timingSafeEqual } from 'node:crypto';
import { asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { ownerQueue, readVersions, reportOwnerIndex } from '../../db/schema';
import { sealedColumns } from '../../db/sealed-columns';

/**
 * How an anonymous report is tied to its owner without a dump being able to tie it to anyone
 * (docs/protection.md "The dump reader"):
 * - the report carries a tag of its own, HMAC(secret, user id ‖ the account's salt ‖ reference):
 *   two reports of one person share no value, nobody without the secret can test a user against
 *   it, and once the account (and with it the salt) is deleted, nobody can, secret or not;
 * - the user's row in `report_owner_index`, keyed by HMAC(secret, user id), seals the list of
 *   their anonymous report ids and what they have read of the notices about them, so My Reports
 *   and the bell read one row. That row is written only by the person's own actions (reading
 *   notices) and by the owner queue (owner-queue.ts), never in the transaction of an event about
 *   one of their reports.
 */
const OWNER_TAG_PURPOSE = 'report.owner-tag';
const INDEX_KEY_PURPOSE = 'report.owner-index';
const INDEX_PURPOSE = sealedColumns.reportOwnerIndex.purpose;
export const QUEUE_PURPOSE = sealedColumns.ownerQueue.purpose;
const QUEUE_BATCH = 1000;

/** A change to a person's index, waiting in the owner queue (owner-queue.ts). */
export type OwnerChange = { op: 'index-add'; userId: number; reportId: number };

/** What an account contributes to its reports' tags. */
export type Owner = { id: number; ownerSalt: string };

/**
 * What a user's index holds: their anonymous reports, and which notices to their reports they
 * have read (every id up to `readThrough`, and those in `read` above it).
 */
export type OwnerEntries = { ids: number[]; readThrough: number; read: number[] };

const EMPTY: OwnerEntries = { ids: [], readThrough: 0, read: [] };
const RESEAL_PAGE = 500;

/**
 * Seals an index padded to a power of two (at least 512 bytes), so the length of a sealed row
 * says little of how many reports its unknown owner filed.
 */
export function sealEntries(ctx: Pick<AppContext, 'sealer'>, entries: OwnerEntries): Buffer {
  const bare = JSON.stringify({ ...entries, pad: '' }).length;
  let size = 512;
  while (size < bare) size *= 2;
  return ctx.sealer.sealJson({ ...entries, pad: ' '.repeat(size - bare) }, INDEX_PURPOSE);
}

export function openEntries(ctx: Pick<AppContext, 'sealer'>, sealed: Buffer): OwnerEntries {
  const opened = ctx.sealer.openJson<Partial<OwnerEntries>>(sealed, INDEX_PURPOSE);
  // Rows sealed before read marks were kept here hold the ids only.
  return { ids: opened.ids ?? [], readThrough: opened.readThrough ?? 0, read: opened.read ?? [] };
}

export function ownerTagOf(ctx: Pick<AppContext, 'hash'>, owner: Owner, reference: string) {
  return ctx.hash(OWNER_TAG_PURPOSE, `${owner.id}:${owner.ownerSalt}:${reference}`);
}

/** Whether `user` filed the report: its owner for an identified one, its tag for an anonymous one. */
export function isReportOwner(
  ctx: Pick<AppContext, 'hash'>,
  user: Owner,
  report: { ownerUserId: number | null; ownerHash: string | null; reference: string },
): boolean {
  if (report.ownerUserId !== null) return report.ownerUserId === user.id;
  if (report.ownerHash === null) return false;
  // The report's own tag (owner-index.ts): it matches this user and this report only.
  const expected = Buffer.from(ownerTagOf(ctx, user, report.reference));
  const actual = Buffer.from(report.ownerHash);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The tag reports had before accounts had a salt (converted by owner-conversions.ts). */
export function unsaltedOwnerTagOf(
  ctx: Pick<AppContext, 'hash'>,
  userId: number,
  reference: string,
) {
  return ctx.hash(OWNER_TAG_PURPOSE, `${userId}:${reference}`);
}

export function indexKeyOf(ctx: Pick<AppContext, 'hash'>, userId: number) {
  return ctx.hash(INDEX_KEY_PURPOSE, userId);
}

export type QueueEntry = { id: string; change: OwnerChange };

/** Entries opened lately: My Reports reads the queue on every request until it is applied. */
const opened = new LRUCache<string, OwnerChange>({ max: 20_000 });

function openEntry(ctx: Pick<AppContext, 'sealer'>, row: { id: string; payload: Buffer }) {
  const kept = opened.get(row.id);
  if (kept) return kept;
  const change = ctx.sealer.openJson<OwnerChange>(row.payload, QUEUE_PURPOSE);
  opened.set(row.id, change);
  return change;
}

export async function readQueue(
  ctx: Pick<AppContext, 'sealer'>,
  db: Executor,
): Promise<QueueEntry[]> {
  const rows = await db
    .select({ id: ownerQueue.id, payload: ownerQueue.payload })
    .from(ownerQueue)
    .limit(QUEUE_BATCH);
  return rows.map((row) => ({ id: row.id, change: openEntry(ctx, row) }));
}

/** The queue entry was applied and removed. */
export function forgetOpened(id: string) {
  opened.delete(id);
}

/**
 * The user's index row, the queue's entries and the sum of the versions `keys` name
 * (lib/read-cache.ts), in one statement (one round trip): what every read of a person's reports
 * or of their notices starts from, and what a kept answer made from it is checked against.
 */
type OwnerStateRow = { kind: 'index' | 'queue' | 'versions'; id: string; payload: Buffer | null };

function ownerStateStatement(withVersions: boolean) {
  return preparedQuery((db) => {
    const row = (kind: OwnerStateRow['kind'], id: SQL, payload: SQL) => ({
      kind: sql<OwnerStateRow['kind']>`${kind}::text`,
      id: sql<string>`${id}`,
      payload: sql<Buffer | null>`${payload}`,
    });
    const state = db
      .select(row('index', sql`${reportOwnerIndex.ownerKey}`, sql`${reportOwnerIndex.entries}`))
      .from(reportOwnerIndex)
      .where(eq(reportOwnerIndex.ownerKey, sql.placeholder('ownerKey')))
      .unionAll(
        db
          .select(row('queue', sql`${ownerQueue.id}::text`, sql`${ownerQueue.payload}`))
          .from(ownerQueue)
          .limit(sql.placeholder('limit')),
      );
    if (!withVersions) return state.prepare('owner_state');
    return state
      .unionAll(
        db
          .select(
            row('versions', sql`coalesce(sum(${readVersions.value}), 0)::text`, sql`null::bytea`),
          )
          .from(readVersions)
          .where(sql`${readVersions.key} = any(${sql.placeholder('keys')}::text[])`),
      )
      .prepare('owner_state_versions');
  });
}

const ownerState = ownerStateStatement(false);
const ownerStateWithVersions = ownerStateStatement(true);

/**
 * The ids of the user's anonymous reports (some may since be deleted): their index, and those
 * filed so lately that the owner queue has not applied them yet.
 */
export async function ownAnonymousReportIds(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  db: Executor,
  userId: number,
): Promise<number[]> {
  return (await readOwnerState(ctx, db, userId)).ids;
}

/**
 * Everything a user's index says, their reports still in the queue included: what the bell and
 * My Reports need.
 */
export async function readOwnerState(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  db: Executor,
  userId: number,
): Promise<OwnerEntries> {
  return (await readOwnerStateWithVersions(ctx, db, userId, [])).entries;
}

/**
 * `readOwnerState`, with the sum of the versions `keys` name read in the same statement (none
 * read for an empty list: 0).
 */
export async function readOwnerStateWithVersions(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  db: Executor,
  userId: number,
  keys: string[],
): Promise<{ entries: OwnerEntries; version: string }> {
  const params = { ownerKey: indexKeyOf(ctx, userId), limit: QUEUE_BATCH, keys };
  const rows: OwnerStateRow[] = await (keys.length === 0 ? ownerState : ownerStateWithVersions)(
    db,
  ).execute(params);
  let entries = EMPTY;
  let version = '0';
  const pending: number[] = [];
  for (const row of rows) {
    if (row.kind === 'versions') version = row.id;
    else if (row.kind === 'index') entries = openEntries(ctx, row.payload as Buffer);
    else {
      const change = openEntry(ctx, { id: row.id, payload: row.payload as Buffer });
      if (change.userId === userId && change.op === 'index-add') pending.push(change.reportId);
    }
  }
  return {
    entries:
      pending.length === 0
        ? entries
        : { ...entries, ids: [...new Set([...entries.ids, ...pending])] },
    version,
  };
}

/**
 * Changes a user's index in the caller's transaction, the row locked; it is sealed anew whether
 * it changed or not. The caller's transaction must write nothing about any report.
 */
export async function updateOwnerIndex(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  tx: Executor,
  userId: number,
  change: (entries: OwnerEntries) => OwnerEntries,
): Promise<void> {
  const ownerKey = indexKeyOf(ctx, userId);
  await tx
    .insert(reportOwnerIndex)
    .values({ ownerKey, entries: sealEntries(ctx, EMPTY) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ entries: reportOwnerIndex.entries })
    .from(reportOwnerIndex)
    .where(eq(reportOwnerIndex.ownerKey, ownerKey))
    .for('update');
  const entries = row ? openEntries(ctx, row.entries) : EMPTY;
  await tx
    .update(reportOwnerIndex)
    .set({ entries: sealEntries(ctx, change(entries)) })
    .where(eq(reportOwnerIndex.ownerKey, ownerKey));
}

/** Seals one index row anew, unchanged, in a transaction of its own (cover for a real change). */
export async function resealIndexRow(
  ctx: Pick<AppContext, 'db' | 'sealer'>,
  ownerKey: string,
  change: (entries: OwnerEntries) => OwnerEntries = (entries) => entries,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ entries: reportOwnerIndex.entries })
      .from(reportOwnerIndex)
      .where(eq(reportOwnerIndex.ownerKey, ownerKey))
      .for('update');
    if (!row) return;
    await tx
      .update(reportOwnerIndex)
      .set({ entries: sealEntries(ctx, change(openEntries(ctx, row.entries))) })
      .where(eq(reportOwnerIndex.ownerKey, ownerKey));
  });
}

/**
 * Takes removed reports off every index and seals every row anew, whether it changed or not:
 * a copy of the table taken before and one taken after differ in every row, so they do not
 * show whose index held the removed reports. One short transaction per row. Answers the number
 * of rows sealed again.
 */
export async function resealOwnerIndex(
  ctx: Pick<AppContext, 'db' | 'sealer'>,
  removed: ReadonlySet<number>,
): Promise<number> {
  let after = '';
  let count = 0;
  for (;;) {
    const keys = await ctx.db
      .select({ ownerKey: reportOwnerIndex.ownerKey })
      .from(reportOwnerIndex)
      .where(gt(reportOwnerIndex.ownerKey, after))
      .orderBy(asc(reportOwnerIndex.ownerKey))
      .limit(RESEAL_PAGE);
    for (const { ownerKey } of keys) {
      await resealIndexRow(ctx, ownerKey, (entries) => ({
        ...entries,
        ids: entries.ids.filter((id) => !removed.has(id)),
      }));
      count += 1;
    }
    if (keys.length < RESEAL_PAGE) return count;
    after = keys.at(-1)?.ownerKey ?? after;
  }
}

/**
 * Removes the user's index row, in the caller's transaction (the account is being deleted).
 * Nothing is written on their reports: their tags hold the account's salt, which goes with the
 * account, so no account, and no one holding the server's keys, can match them again.
 */
export async function deleteOwnerIndex(
  ctx: Pick<AppContext, 'hash'>,
  tx: Executor,
  userId: number,
): Promise<void> {
  await tx.delete(reportOwnerIndex).where(eq(reportOwnerIndex.ownerKey, indexKeyOf(ctx, userId)));
}
