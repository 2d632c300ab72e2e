import { LRUCache } from 'lru-cache';

/** How many report ids a process draws at once: one statement for this many filings. */
export const IDS_DRAWN_AT_ONCE = 16;
const SCOPES_KEPT = 1_000;
const REPLY_VIEWS_KEPT = 10_000;

/**
 * What the writes in one statement read ahead, kept in this process (docs/design.md "A filing is
 * one statement", "A reporter's message is one statement"): report ids drawn from the sequence,
 * each destination's administrators and periods, and what a reporter's message depends on of its
 * report. None of it is trusted: the statement that writes computes the same again and writes
 * only while it is the same (reports.repository.ts `fileReportStatement`, comments.repository.ts
 * `reporterMessageStatement`); a refused write reads afresh and is written again. So nothing
 * here needs forgetting to stay right; `forget` drops a report's view when the report leaves
 * the process's memory (context.ts `forgetReportInMemory`). Reading and drawing are the caller's,
 * so the context holds no query.
 */
export type WriteMemory = {
  /** The next report id this process may use; `draw` draws `count` more when none is left. */
  reportId(draw: (count: number) => Promise<number[]>): Promise<number>;
  /** The destination's scope as last read by `read`; `fresh` reads it again and keeps that. */
  filingScope<Scope extends object>(
    organizationId: number | null,
    read: () => Promise<Scope>,
    fresh?: boolean,
  ): Promise<Scope>;
  /** A report's view for a reporter's message, as `filingScope`; a report not found is not kept. */
  replyView<View extends object>(
    reportId: number,
    read: () => Promise<View | null>,
    fresh?: boolean,
  ): Promise<View | null>;
  /** Drops what is kept of a report. */
  forget(reportId: number): void;
};

/** Values read by `read` and kept under their key, or read again when `fresh`. */
function keptReads(max: number) {
  const kept = new LRUCache<number, object>({ max });
  return {
    kept,
    async get<Value extends object>(
      key: number,
      read: () => Promise<Value | null>,
      fresh: boolean,
    ): Promise<Value | null> {
      const found = fresh ? undefined : (kept.get(key) as Value | undefined);
      if (found) return found;
      const value = await read();
      if (value === null) kept.delete(key);
      else kept.set(key, value);
      return value;
    },
  };
}

export function createWriteMemory(): WriteMemory {
  const ids: number[] = [];
  let drawing: Promise<void> | null = null;
  const scopes = keptReads(SCOPES_KEPT);
  const replyViews = keptReads(REPLY_VIEWS_KEPT);
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
    filingScope<Scope extends object>(
      organizationId: number | null,
      read: () => Promise<Scope>,
      fresh = false,
    ) {
      return scopes.get(organizationId ?? 0, read, fresh) as Promise<Scope>;
    },
    replyView(reportId, read, fresh = false) {
      return replyViews.get(reportId, read, fresh);
    },
    forget(reportId) {
      replyViews.kept.delete(reportId);
    },
  };
}
