import { LRUCache } from 'lru-cache';

/** Characters of opened descriptions kept at most (about 64 MB at two bytes a character). */
const MAX_CHARS = 32 * 1024 * 1024;
/** An entry unused this long is dropped, so a deleted report's text does not linger. */
const TTL_MS = 15 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 1000;

/**
 * Report descriptions as admin search reads them (lower-cased), kept in this process's memory
 * only: opening every sealed description on each search costs about 17 µs a report. Memory
 * already holds the master key, so this exposes nothing a reader of memory could not open;
 * nothing of it is written anywhere. Descriptions never change, so a report id is the key.
 */
export function createSearchTexts() {
  const cache = new LRUCache<number, string>({
    maxSize: MAX_CHARS,
    sizeCalculation: (text) => Math.max(1, text.length),
    ttl: TTL_MS,
    updateAgeOnGet: true,
  });
  const purge = setInterval(() => cache.purgeStale(), PURGE_EVERY_MS);
  purge.unref();
  return {
    get: (id: number) => cache.get(id),
    set: (id: number, text: string) => cache.set(id, text),
    has: (id: number) => cache.has(id),
    /** A deleted report's text goes at once. */
    forget: (id: number) => cache.delete(id),
    clear: () => cache.clear(),
    close() {
      clearInterval(purge);
      cache.clear();
    },
  };
}

export type SearchTexts = ReturnType<typeof createSearchTexts>;
