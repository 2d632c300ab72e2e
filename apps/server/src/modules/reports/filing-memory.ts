import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { drawReportIds, type FilingScope, readFilingScope } from './reports.repository';

/** How many report ids a process draws at once: one statement for this many filings. */
const IDS_DRAWN_AT_ONCE = 16;
const SCOPES_KEPT = 1_000;

/**
 * What a filing in one statement reads ahead, kept in this process (docs/design.md "A filing is
 * one statement"): report ids drawn from the sequence, and each destination's administrators and
 * periods. Nothing in it is about a reporter. A kept scope needs no forgetting: the statement
 * that files computes it again and writes only while it is the same (reports.repository.ts
 * `fileReportStatement`); a refused one is read afresh and the filing written again.
 */
export type FilingMemory = {
  /** The next report id this process may use, drawn ahead from the sequence. */
  reportId(db: Executor): Promise<number>;
  /** The destination's scope as last read; `fresh` reads it again (and keeps that). */
  scope(db: Executor, organizationId: number | null, fresh?: boolean): Promise<FilingScope>;
};

export function createFilingMemory(): FilingMemory {
  const ids: number[] = [];
  let drawing: Promise<void> | null = null;
  const scopes = new LRUCache<number, FilingScope>({ max: SCOPES_KEPT });
  return {
    async reportId(db) {
      while (ids.length === 0) {
        drawing ??= drawReportIds(db, IDS_DRAWN_AT_ONCE)
          .then((drawn) => {
            ids.push(...drawn);
          })
          .finally(() => {
            drawing = null;
          });
        await drawing;
      }
      return ids.shift() as number;
    },
    async scope(db, organizationId, fresh = false) {
      const key = organizationId ?? 0;
      const kept = fresh ? undefined : scopes.get(key);
      if (kept) return kept;
      const read = await readFilingScope(db, organizationId);
      scopes.set(key, read);
      return read;
    },
  };
}
