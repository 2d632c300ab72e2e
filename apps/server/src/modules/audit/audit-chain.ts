import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { errorSummary } from '../../lib/logger';

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
  /** Rows written after the check chained what was pending: checked by the next one. */
  pending: number;
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

/** The chain's own columns: not part of a row's canonical form. */
const CHAIN_COLUMNS = new Set(['prev_hash', 'hash', 'chain_seq']);

/** How many rows one chaining statement links at most. */
const CHAIN_BATCH = 5000;

/**
 * Links the audit rows written and not chained yet (migration 0029), in one transaction per
 * batch; answers how many. With `wait` false it gives way to a chainer already at work on any
 * process (that one links them). Writers never wait for this: they append unchained rows.
 */
export async function chainPendingAuditRows(
  db: Executor,
  options: { wait: boolean } = { wait: true },
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(
      sql`select audit_log_chain_pending(${options.wait}, ${CHAIN_BATCH}) as chained`,
    )) as { rows: { chained: number }[] };
    const chained = Number(result.rows[0]?.chained ?? 0);
    total += chained;
    if (chained < CHAIN_BATCH) return total;
  }
}

type Formatter = (text: string) => string;

/**
 * `to_jsonb` of a `timestamptz` in UTC: `2031-03-01T10:00:00.123456+00:00`, trailing zeros of the
 * fraction dropped. Read from the column's text (`2031-03-01 11:00:00.12345+01`, PostgreSQL's ISO
 * style in any session time zone) and moved to UTC here, to the microsecond. A value in no such
 * form (`infinity`, a date before the Common Era) is kept as it reads: such a value is not one
 * the server writes, so the row then shows as changed.
 */
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

function utcTimestamp(text: string): string {
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return JSON.stringify(text);
  const [, year, month, day, hour, minute, second, fraction = '', sign, offH, offM, offS] = match;
  const offset =
    (sign === '-' ? -1 : 1) * (Number(offH) * 3600 + Number(offM ?? 0) * 60 + Number(offS ?? 0));
  const at = new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    ) -
      offset * 1000,
  );
  const digits = fraction.replace(/0+$/, '');
  const seconds = at.toISOString().slice(0, 19);
  return JSON.stringify(`${seconds}${digits === '.' ? '' : digits}+00:00`);
}

/**
 * How each kind of column prints inside `to_jsonb`, from the column's text: numbers as they read,
 * booleans as `true` and `false` (they read `t` and `f`), text as a JSON string (PostgreSQL escapes what JSON.stringify escapes), jsonb as
 * jsonb prints itself, timestamps as above.
 */
function formatterOf(column: PgColumn): Formatter {
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgBigInt53':
    case 'PgBigSerial53':
    case 'PgSerial':
    case 'PgSmallInt':
    case 'PgJsonb':
      return (text) => text;
    case 'PgBoolean':
      return (text) => (text === 't' || text === 'true' ? 'true' : 'false');
    case 'PgText':
    case 'PgVarchar':
      return (text) => JSON.stringify(text);
    case 'PgTimestamp':
      if ((column as PgColumn & { withTimezone?: boolean }).withTimezone) return utcTimestamp;
      break;
  }
  throw new Error(
    `audit_log.${column.name} (${column.columnType}) has no canonical form in audit-chain.ts: add one.`,
  );
}

/** The columns that make a row's canonical form, in the order jsonb prints an object's keys. */
const canonicalColumns = Object.values(getTableColumns(auditLog))
  .filter((column) => !CHAIN_COLUMNS.has(column.name))
  .sort((a, b) =>
    a.name.length === b.name.length ? (a.name < b.name ? -1 : 1) : a.name.length - b.name.length,
  )
  .map((column) => ({ name: column.name, format: formatterOf(column) }));

/** A row as the check reads it: every column as its plain text, null when it is null. */
type StoredRow = Record<string, string | null> & {
  id: string;
  prev_hash: string;
  hash: string;
  chain_seq: string;
};

/**
 * A row's canonical form (docs/design.md "Tamper-evident audit"), computed here from its columns'
 * values: the JSON object of its non-null columns without the chain's own, keys ordered as jsonb
 * orders them (by length, then by bytes), `", "` and `": "` between. The very text the insert
 * trigger hashes, so every hash written so far checks out; but the check asks the database for
 * nothing but the values, so a replaced database function cannot hide an edited row.
 */
export function canonicalForm(row: Record<string, string | null>): string {
  const parts: string[] = [];
  for (const column of canonicalColumns) {
    const text = row[column.name];
    if (text === null || text === undefined) continue;
    const value = column.format(text);
    // jsonb leaves out a json null as it leaves out a null column.
    if (value === 'null') continue;
    parts.push(`${JSON.stringify(column.name)}: ${value}`);
  }
  return `{${parts.join(', ')}}`;
}

/** Every column read as text: its value as the database stores it, no function of ours. */
const selectList = sql.join(
  [...canonicalColumns.map((column) => column.name), ...CHAIN_COLUMNS].map(
    (name) => sql`a.${sql.identifier(name)}::text as ${sql.identifier(name)}`,
  ),
  sql`, `,
);

function rowsOf(result: unknown): StoredRow[] {
  return (result as { rows: StoredRow[] }).rows;
}

/**
 * Links what is pending first (as the chainer would within a second), then walks the audit log
 * in chain order and checks every row: its hash is recomputed here from its canonical form
 * (computed in this process from the row's values) and the previous row's hash, and its
 * `prev_hash` must be that previous hash. Then the head row must name the last row and the
 * number of rows, so rows removed from the end show too.
 */
export async function verifyAuditChain(db: Executor): Promise<ChainState> {
  await chainPendingAuditRows(db);
  let previous = GENESIS_HASH;
  let lastSeq = 0;
  let lastId = 0;
  let rows = 0;
  let brokenRows = 0;
  let problem: ChainProblem | null = null;
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        select ${selectList} from audit_log a
        where a.chain_seq > ${lastSeq} order by a.chain_seq limit ${PAGE}`),
    );
    for (const row of page) {
      const id = Number(row.id);
      const isLinked = row.prev_hash === previous;
      const isUnchanged = row.hash === chainHash(row.prev_hash, canonicalForm(row));
      if (!isLinked || !isUnchanged) {
        brokenRows += 1;
        problem ??= { id, reason: isUnchanged ? 'link' : 'content' };
      }
      previous = row.hash;
      lastSeq = Number(row.chain_seq);
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
  const [waiting] = (
    (await db.execute(
      sql`select count(*)::int as pending from audit_log where chain_seq is null`,
    )) as { rows: { pending: number }[] }
  ).rows;
  return {
    isIntact: problem === null,
    rows,
    pending: Number(waiting?.pending ?? 0),
    head: previous,
    problem,
    brokenRows,
  };
}

/** One line for people: what the check found. */
export function describeChain(state: ChainState): string {
  if (state.isIntact) {
    const pending =
      state.pending > 0 ? ` ${state.pending} row(s) written since are chained within seconds.` : '';
    return `The audit log is intact: ${state.rows} row(s) chained, head ${state.head}.${pending}`;
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

/**
 * This process's chainer: every `intervalMs` it links the audit rows written since, unless a
 * chainer of another process is at work (then that one does). Answers a function that stops it.
 */
export function startAuditChainer(
  ctx: { db: Executor; log: { warn(object: object, message: string): void } },
  intervalMs: number,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = chainPendingAuditRows(ctx.db, { wait: false })
      .catch((error: unknown) =>
        ctx.log.warn(
          { error: errorSummary(error) },
          'could not chain the audit log: the next run tries again',
        ),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
