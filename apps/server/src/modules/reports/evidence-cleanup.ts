import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reports, voiceRecordings } from '../../db/schema';
import type { JobDefinition } from '../../lib/scheduler';
import type { StoredObject } from '../../lib/storage';

/** The advisory lock key of the sweep: one process at a time sweeps, whichever it is. */
const SWEEP_LOCK = [0x45_56_49_44, 1] as const;
/** Files younger than this may belong to a report being filed right now. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Removes the objects of `batch` that no report references, in a short transaction under an
 * advisory lock (null when another process holds it: that one is sweeping).
 */
async function removeUnreferenced(
  ctx: Pick<AppContext, 'db'>,
  batch: StoredObject[],
): Promise<number | null> {
  if (batch.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK[0]}::int, ${SWEEP_LOCK[1]}::int) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return null;
    const keys = batch.map((object) => object.key);
    // Evidence, and voice messages (modules/voice): both are stored files rows name.
    const rows = await tx
      .select({ key: reports.evidenceKey })
      .from(reports)
      .where(inArray(reports.evidenceKey, keys))
      .unionAll(
        tx
          .select({ key: voiceRecordings.storageKey })
          .from(voiceRecordings)
          .where(inArray(voiceRecordings.storageKey, keys)),
      );
    const referenced = new Set(rows.map((row) => row.key));
    let removed = 0;
    for (const object of batch) {
      if (referenced.has(object.key)) continue;
      await object.remove();
      removed += 1;
    }
    return removed;
  });
}

/**
 * Removes stored files that no report or voice recording references and that are older than `minAgeMs`: files of a
 * report whose row never committed (a crash between storing and inserting) or whose removal after
 * a delete failed. A file is stored before its row commits and a row is deleted before its file,
 * so no row is ever left without its file; files younger than `minAgeMs` may belong to a report
 * being filed now and are left alone. Each batch is checked and removed under a transaction-level
 * advisory lock, so processes never sweep the same files at once (the one that finds the lock
 * taken stops: another is sweeping). Answers how many were removed, or null when it stopped.
 */
export async function removeOrphanEvidence(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  options: { minAgeMs: number; now?: Date; signal?: AbortSignal } = {
    minAgeMs: ORPHAN_MIN_AGE_MS,
  },
): Promise<{ removed: number } | null> {
  const cutoff = (options.now?.getTime() ?? Date.now()) - options.minAgeMs;
  let removed = 0;
  let batch: StoredObject[] = [];
  for await (const object of ctx.storage.list()) {
    // Stopping between files leaves nothing half done: the next run goes on.
    if (options.signal?.aborted) return { removed };
    if (object.modifiedAt.getTime() > cutoff) continue;
    batch.push(object);
    if (batch.length < BATCH) continue;
    const count = await removeUnreferenced(ctx, batch);
    if (count === null) return null;
    removed += count;
    batch = [];
  }
  const count = await removeUnreferenced(ctx, batch);
  return count === null ? null : { removed: removed + count };
}

/**
 * The sweep as a scheduled job (lib/scheduler.ts): every EVIDENCE_SWEEP_INTERVAL_MINUTES, the
 * first a minute after the job is first scheduled; none when the interval is 0.
 */
export function evidenceSweepJob(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
): JobDefinition | null {
  const intervalMs = ctx.config.uploads.sweepIntervalMs;
  if (intervalMs === 0) return null;
  return {
    name: 'evidence-sweep',
    intervalMs,
    firstRunDelayMs: Math.min(intervalMs, 60_000),
    async run({ now, signal }) {
      const outcome = await removeOrphanEvidence(ctx, { minAgeMs: ORPHAN_MIN_AGE_MS, now, signal });
      if (!outcome) return 'another process was sweeping';
      return `removed ${outcome.removed} file(s)`;
    },
  };
}
