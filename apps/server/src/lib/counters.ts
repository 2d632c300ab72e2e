import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** How many times a key was hit in its current window, and how long until the window ends. */
export type CounterState = { count: number; resetInMs: number };

/**
 * Fixed-window counters for limits that per-route rate limits cannot express (login failures per
 * account and per address). Kept in the process by default; in Redis when REDIS_URL is set, so
 * every server process counts together (docs/api.md "The API").
 */
export type Counters = {
  /** Adds one to `key`; the first hit opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState>;
  /** Takes one back from `key` (an attempt that succeeded), never below zero. */
  giveBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
};

type Entry = { count: number; resetAt: number };

const EMPTY: CounterState = { count: 0, resetInMs: 0 };

/** One process's counters; at most `max` keys are kept, the least recently used dropped first. */
export function createMemoryCounters(max = 100_000): Counters {
  const entries = new LRUCache<string, Entry>({ max });
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt > Date.now()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  };
  const stateOf = (entry: Entry | undefined) =>
    entry ? { count: entry.count, resetInMs: entry.resetAt - Date.now() } : EMPTY;
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: Date.now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return stateOf(entry);
    },
    async peek(key) {
      return stateOf(live(key));
    },
    async giveBack(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

/** DECR that stops at zero and never creates a key (an expired window stays gone). */
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis: INCR, with the expiry set only by the hit that opened the window. */
export function createRedisCounters(redis: Redis, prefix = 'candor-count:'): Counters {
  return {
    async hit(key, windowMs) {
      const answers = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      const ttl = Number(answers?.[2]?.[1] ?? windowMs);
      return { count: Number(answers?.[0]?.[1] ?? 0), resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const answers = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec();
      const count = Number(answers?.[0]?.[1] ?? 0);
      const ttl = Number(answers?.[1]?.[1] ?? 0);
      return count > 0 && ttl > 0 ? { count, resetInMs: ttl } : EMPTY;
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key);
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Shared counters that fall back to this process's own while the shared store fails: a limit is
 * then kept per process (looser by the number of processes, never open), and the store is tried
 * again on every call. Guessing limits must not open when Redis goes down.
 */
export function withFallback(
  shared: Counters,
  local: Counters,
  warn: (error: unknown) => void,
): Counters {
  const either =
    <A extends unknown[], R>(pick: (counters: Counters) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await pick(shared)(...args);
      } catch (error) {
        warn(error);
        return pick(local)(...args);
      }
    };
  return {
    hit: either((counters) => counters.hit),
    peek: either((counters) => counters.peek),
    giveBack: either((counters) => counters.giveBack),
    clear: either((counters) => counters.clear),
  };
}
