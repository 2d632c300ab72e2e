import { LRUCache } from 'lru-cache';

/** How many report ids a process draws at once: one statement for this many filings. */
export const IDS_DRAWN_AT_ONCE = 16;
const SCOPES_KEPT = 1_000;

/**
 * What a filing in one statement reads ahead, kept in this process (docs/design.md "A filing is
 * one statement"): report ids drawn from the sequence, and each destination's administrators and
 * periods. Nothing in it is about a reporter. A kept scope needs no forgetting: the statement
 * that files computes it again and writes only while it is the same (reports.repository.ts
 * `fileReportStatement`); a refused one is read afresh and the filing written again. Reading and
 * drawing are the caller's (reports.service.ts), so the context holds no query.
 */
export type FilingMemory = {
  /** The next report id this process may use; `draw` draws `count` more when none is left. */
  reportId(draw: (count: number) => Promise<number[]>): Promise<number>;
  /** The destination's scope as last read by `read`; `fresh` reads it again and keeps that. */
  scope<Scope extends object>(
    organizationId: number | null,
    read: () => Promise<Scope>,
    fresh?: boolean,
  ): Promise<Scope>;
};

export function createFilingMemory(): FilingMemory {
  const ids: number[] = [];
  let drawing: Promise<void> | null = null;
  const scopes = new LRUCache<number, object>({ max: SCOPES_KEPT });
  return {
    async reportId(draw) {
      while (ids.length === 0) {
        drawing ??= draw(IDS_DRAWN_AT_ONCE)
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
    async scope<Scope extends object>(
      organizationId: number | null,
      read: () => Promise<Scope>,
      fresh = false,
    ) {
      const key = organizationId ?? 0;
      const kept = fresh ? undefined : (scopes.get(key) as Scope | undefined);
      if (kept) return kept;
      const scope = await read();
      scopes.set(key, scope);
      return scope;
    },
  };
}
