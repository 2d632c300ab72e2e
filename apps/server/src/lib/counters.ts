import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** How many times a key was hit in its current window, and how long until the window ends. */
export type CounterState = { count: number; resetInMs: number };

/**
 * Fixed-window counters for limits that per-route rate limits cannot express (login failures per
 * account and per address). Kept in the process by default; in Redis when REDIS_URL is set, so
 * every server process counts together (DESIGN.md "Live notifications and scaling out").
 */
export type Counters = {
  /** Adds one to `key`; the first hit opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  peek(key: string): Promise<CounterState>;
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
    async clear(key) {
      entries.delete(key);
    },
  };
}

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
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}
