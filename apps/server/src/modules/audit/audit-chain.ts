import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The `prev_hash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64);
const PAGE = 1000;

export type ChainProblem = {
  /** The first row that does not check out; null when the head is wrong (rows missing at the end). */
  id: number | null;
  reason: 'content' | 'link' | 'head';
};

export type ChainState = {
  isIntact: boolean;
  /** Rows checked. */
  rows: number;
  /** The last row's hash: write it down elsewhere to notice a log recomputed from scratch. */
  head: string;
  problem: ChainProblem | null;
  /** How many rows do not check out (the content of one changed, or the link to the previous). */
  brokenRows: number;
};

/** hash = hex(sha256(prev_hash + "\n" + canonical)), as the insert trigger computes it. */
export function chainHash(prevHash: string, canonical: string): string {
  return createHash('sha256').update(`${prevHash}\n${canonical}`, 'utf8').digest('hex');
}

type Row = { id: string | number; prev_hash: string; hash: string; canonical: string };

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Walks the audit log in id order and checks every row: its hash is recomputed here from its
 * canonical form (printed by the database's `audit_log_canonical`, the trigger's own function)
 * and the previous row's hash, and its `prev_hash` must be that previous hash. Then the head row
 * must name the last row and the number of rows, so rows removed from the end show too.
 */
export async function verifyAuditChain(db: Executor): Promise<ChainState> {
  let previous = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  let brokenRows = 0;
  let problem: ChainProblem | null = null;
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        select a.id, a.prev_hash, a.hash, audit_log_canonical(a) as canonical
        from audit_log a where a.id > ${lastId} order by a.id limit ${PAGE}`),
    );
    for (const row of page) {
      const id = Number(row.id);
      const isLinked = row.prev_hash === previous;
      const isUnchanged = row.hash === chainHash(row.prev_hash, row.canonical);
      if (!isLinked || !isUnchanged) {
        brokenRows += 1;
        problem ??= { id, reason: isUnchanged ? 'link' : 'content' };
      }
      previous = row.hash;
      lastId = id;
      rows += 1;
    }
    if (page.length < PAGE) break;
  }
  const [head] = (
    (await db.execute(sql`select rows, last_id, last_hash from audit_chain where id = 1`)) as {
      rows: { rows: string | number; last_id: string | number | null; last_hash: string }[];
    }
  ).rows;
  const headMatches =
    head !== undefined &&
    Number(head.rows) === rows &&
    (head.last_id === null ? rows === 0 : Number(head.last_id) === lastId) &&
    head.last_hash === previous;
  if (!headMatches) problem ??= { id: null, reason: 'head' };
  return { isIntact: problem === null, rows, head: previous, problem, brokenRows };
}

/** One line for people: what the check found. */
export function describeChain(state: ChainState): string {
  if (state.isIntact) {
    return `The audit log is intact: ${state.rows} row(s) chained, head ${state.head}.`;
  }
  const problem = state.problem as ChainProblem;
  if (problem.reason === 'head') {
    return (
      `The audit log does not match its head: rows were removed from its end, or the head ` +
      `was changed (${state.rows} row(s) found).`
    );
  }
  const what =
    problem.reason === 'content'
      ? 'was changed after it was written'
      : 'does not follow the row before it (a row was removed or inserted)';
  return `The audit log was tampered with: row ${problem.id} ${what}; ${state.brokenRows} row(s) do not check out.`;
}
