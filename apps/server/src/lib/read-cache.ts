import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { readGeneration } from '../db/schema';
import type { Clock } from './clock';

/**
 * How long a kept answer may be used at most, even when nothing it was made from has changed:
 * what depends on the time alone (a legal deadline passing, "overdue") is at most this late.
 */
export const READ_CACHE_TTL_MS = 1_000;
const READ_CACHE_MAX = 5_000;

/**
 * What a kept answer is kept under: the read, the caller it was made for (required, so no read
 * can forget it and hand one caller's answer to another) and the read's parameters.
 */
export type ReadKey = { read: string; caller: number; params?: unknown };

const keyText = ({ read, caller, params }: ReadKey) =>
  `${read}:${caller}:${params === undefined ? '' : JSON.stringify(params)}`;

/**
 * The answers of the busiest reads (a report, its thread, notices, the admin list and analytics),
 * kept in this process's memory only (never written or logged), each under a key naming the read,
 * its caller and its parameters: one caller is never given what another was.
 *
 * A kept answer is used only while the database's change count (`read_generation`, migration
 * 0023) is the one it was made at: every transaction that changes a table those answers are made
 * from adds one as it commits, whichever process or command made it. So a read answered from here
 * costs one primary-key select and is never older than the last commit, on one process or many.
 * The count is read before the answer is made: a change committed while it is being made moves
 * the count past the one it is kept at, and the next read makes it again.
 *
 * A read that also writes (an admin opening a thread records what they have read) keeps its write
 * out of `read`, or makes it only when it changes something: a kept answer skips `read`.
 */
export type ReadCache = {
  /** The answer kept under `key` if nothing changed since it was made; else `read()`'s, kept. */
  through<T>(db: Executor, key: ReadKey, read: () => Promise<T>): Promise<T>;
  /** Drops every kept answer (a report deleted: its words leave memory at once). */
  clear(): void;
  /** How many answers are kept (tests). */
  readonly size: number;
};

const currentGeneration = preparedQuery((db) =>
  db
    .select({ value: readGeneration.value })
    .from(readGeneration)
    .where(eq(readGeneration.id, 1))
    .prepare('read_generation'),
);

export function createReadCache(options: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}): ReadCache {
  const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? READ_CACHE_MAX;
  // In the order they were made: the oldest first.
  const entries = new Map<string, { value: unknown; generation: number; madeAt: number }>();
  let isSweepDue = false;
  const isFresh = (madeAt: number, now: number) => now - madeAt >= 0 && now - madeAt < ttlMs;

  // An answer past its time leaves memory within about one TTL, read again or not: what a
  // report said is not kept longer than it is used.
  const sweep = () => {
    isSweepDue = false;
    const now = options.clock.now().getTime();
    for (const [key, entry] of entries) {
      if (isFresh(entry.madeAt, now)) break;
      entries.delete(key);
    }
    if (entries.size > 0) scheduleSweep();
  };
  const scheduleSweep = () => {
    if (isSweepDue) return;
    isSweepDue = true;
    setTimeout(sweep, ttlMs).unref();
  };

  return {
    async through<T>(db: Executor, readKey: ReadKey, read: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return read();
      const key = keyText(readKey);
      const [row] = await currentGeneration(db).execute();
      const generation = row?.value ?? -1;
      const now = options.clock.now().getTime();
      const entry = entries.get(key);
      if (entry) {
        if (entry.generation === generation && isFresh(entry.madeAt, now)) return entry.value as T;
        entries.delete(key);
      }
      // Frozen: every caller holding it shares it, and none may change what the next is given.
      const value = deepFreeze(await read());
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, generation, madeAt: now });
      scheduleSweep();
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
