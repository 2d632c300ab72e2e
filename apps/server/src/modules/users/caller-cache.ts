import type { Executor } from '../../db/client';
import { findCaller } from './users.repository';

export type CallerRow = NonNullable<Awaited<ReturnType<typeof findCaller>>>;

/**
 * How long a process answers a caller's account from memory. Within one process an account
 * change is seen on the very next request (every write that may change an account clears the
 * cache before it answers, see plugins/auth.ts); another process hears it on the account-changes channel when it commits, a
 * few milliseconds later. This bounds the time another process could act on the old account if
 * that signal were lost (its listening connection down): at most this long.
 */
export const CALLER_CACHE_TTL_MS = 5_000;
const CALLER_CACHE_MAX = 10_000;

/**
 * The accounts of recent callers, in this process's memory only (never written or logged): the
 * row every authenticated request reads (modules/auth/caller.service.ts), so most requests make one round
 * trip to the database fewer. Keyed by account id; holds what `findCaller` answers.
 */
export type CallerCache = {
  /** The caller's row: from memory when read less than the TTL ago, else from the database. */
  find(db: Executor, id: number): Promise<CallerRow | null>;
  /** The account changed: the next request reads it again. */
  forget(id: number): void;
  /** Anything may have changed (a write, a lost signal): every account is read again. */
  clear(): void;
  /** Whether the next request of this account is answered from memory. */
  holds(id: number): boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See CHANGES_NO_ACCOUNT. */
    changesNoAccount?: boolean;
  }
}

export function createCallerCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): CallerCache {
  const ttlMs = options.ttlMs ?? CALLER_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? CALLER_CACHE_MAX;
  const now = options.now ?? Date.now;
  const entries = new Map<number, { row: CallerRow; readAt: number }>();
  // Bumped by every forget and clear: a read that began before one is answered but not kept, as
  // it may hold what was true before the change.
  let generation = 0;
  return {
    async find(db, id) {
      const entry = entries.get(id);
      if (entry && now() - entry.readAt < ttlMs) return entry.row;
      const began = generation;
      const readAt = now();
      const row = await findCaller(db, id);
      if (row && began === generation) {
        entries.delete(id);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as number);
        entries.set(id, { row, readAt });
      }
      return row;
    },
    forget(id) {
      generation += 1;
      entries.delete(id);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    holds(id) {
      const entry = entries.get(id);
      return entry !== undefined && now() - entry.readAt < ttlMs;
    },
  };
}
