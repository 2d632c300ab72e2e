import { randomInt } from 'node:crypto';
import { eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { ownerQueue, reportOwnerIndex, users } from '../../db/schema';
import type { JobDefinition } from '../../lib/scheduler';
import {
  forgetOpened,
  indexKeyOf,
  type OwnerChange,
  QUEUE_PURPOSE,
  readQueue,
  resealIndexRow,
  updateOwnerIndex,
} from './owner-index';

/**
 * The owner queue (docs/protection.md "The dump reader"). An event about an anonymous report that
 * changes something of its reporter's (a report filed goes into their index) does not write it:
 * it writes a sealed entry here, in its own transaction, which names nobody a dump can read. The
 * owner-queue job applies the entries later, at a time of the scheduler's grid (not the event's),
 * each person's change in a transaction of its own, shuffled among transactions that seal other
 * people's index rows anew unchanged, so a copy of the database cannot tell whose row held the
 * change. Then each entry is removed in a transaction of its own. No transaction, statement or
 * batch writes both a row that reaches a person and a row that reaches one of their anonymous
 * reports; transaction ids and the physical order of rows join nothing.
 */
const _BATCH = 1000;
/** Other people's index rows sealed anew with each run that changes one. */
export const COVER_ROWS = 16;

/**
 * Queues a change, in the caller's transaction (that of the event): the insert, not yet run
 * (awaiting it runs it; the event may run it in another of its statements).
 */
export function enqueueOwnerChange(
  ctx: Pick<AppContext, 'sealer'>,
  tx: Executor,
  change: OwnerChange,
) {
  return tx.insert(ownerQueue).values({ payload: sealOwnerChange(ctx, change) });
}

/** A queue entry's payload, for a statement that writes it alongside another (the notices'). */
export function sealOwnerChange(ctx: Pick<AppContext, 'sealer'>, change: OwnerChange): Buffer {
  return ctx.sealer.sealJson(change, QUEUE_PURPOSE);
}

/** Fisher-Yates with the crypto generator: the order of the run's transactions tells nothing. */
function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

export type QueueRun = { applied: number; covered: number; removed: number };

/** Applies what the queue holds (one batch). */
export async function applyOwnerQueue(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash'>,
  cover = COVER_ROWS,
): Promise<QueueRun> {
  const entries = await readQueue(ctx, ctx.db);
  if (entries.length === 0) return { applied: 0, covered: 0, removed: 0 };
  const added = new Map<number, Set<number>>();
  for (const { change } of entries) {
    const ids = added.get(change.userId) ?? new Set<number>();
    ids.add(change.reportId);
    added.set(change.userId, ids);
  }
  const realKeys = [...added.keys()].map((userId) => indexKeyOf(ctx, userId));
  const coverKeys = (
    await ctx.db
      .select({ ownerKey: reportOwnerIndex.ownerKey })
      .from(reportOwnerIndex)
      .where(notInArray(reportOwnerIndex.ownerKey, realKeys))
      .orderBy(sql`random()`)
      .limit(cover)
  ).map((row) => row.ownerKey);

  const changes = [...added].map(([userId, reportIds]) => async () => {
    await ctx.db.transaction(async (tx) => {
      // An account deleted meanwhile gets no index again.
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('share');
      if (!account) return;
      await updateOwnerIndex(ctx, tx, userId, (current) => ({
        ...current,
        ids: [...new Set([...current.ids, ...reportIds])],
      }));
    });
  });
  const covers = coverKeys.map((ownerKey) => () => resealIndexRow(ctx, ownerKey));
  for (const task of shuffle([...changes, ...covers])) await task();
  // Only once applied: a crash before this applies them again, which changes nothing.
  for (const entry of shuffle([...entries])) {
    await ctx.db.transaction((tx) => tx.delete(ownerQueue).where(eq(ownerQueue.id, entry.id)));
    forgetOpened(entry.id);
  }
  return { applied: changes.length, covered: covers.length, removed: entries.length };
}

export function ownerQueueJob(
  ctx: Pick<AppContext, 'db' | 'sealer' | 'hash' | 'config'>,
): JobDefinition | null {
  const intervalMs = ctx.config.ownerQueueIntervalMs;
  if (intervalMs <= 0) return null;
  return {
    name: 'owner-queue',
    intervalMs,
    // Short: a run holds no transaction for long, and a crashed one is simply done again.
    leaseMs: Math.max(intervalMs, 60_000),
    async run() {
      const run = await applyOwnerQueue(ctx);
      return `${run.removed} queued changes applied, ${run.covered} other rows sealed anew`;
    },
  };
}
