import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { application, applyOk, decide } from '../../../test/access-requests';
import { buildTestApp, testDatabaseUrl } from '../../../test/app';
import {
  databaseHashMatches,
  hideEditBehindCanonical,
  removeAuditRow,
  runAuditVerify,
  tamperWithAuditRow,
} from '../../../test/audit';
import { createAdmin, createUser, uniqueName } from '../../../test/factories';
import { useSuperuser, useTestApp } from '../../../test/hooks';
import { sqlRows } from '../../../test/sql';
import { type Executor, openDatabase } from '../../db/client';
import { acquireEmbeddedLock } from '../../db/embedded-lock';
import { auditChain, auditLog } from '../../db/schema';
import { insertAuditEntry } from './audit.repository';
import {
  canonicalForm,
  chainHash,
  chainPendingAuditRows,
  GENESIS_HASH,
  verifyAuditChain,
} from './audit-chain';

const t = useTestApp();
const superuser = useSuperuser(t);

const chainState = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/audit/chain/', headers });

async function newestRowId() {
  const [row] = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id as number;
}

async function addEntry(objectId: number | string = 1, details: Record<string, unknown> = {}) {
  await insertAuditEntry(t.database.db, {
    actorUserId: superuser.id,
    actorRole: 'superuser',
    action: 'contact.read',
    objectType: 'contact_message',
    objectId,
    details,
  });
  // Linked as the chainer does within a second (migration 0029).
  await chainPendingAuditRows(t.database.db);
  return newestRowId();
}

/** The columns of `audit_log` that make the canonical form: every one but the chain's own. */
async function canonicalColumnNames() {
  const rows = await sqlRows<{ column_name: string }>(
    t.database.db,
    sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'audit_log'
          and column_name not in ('prev_hash', 'hash', 'chain_seq')`,
  );
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((row) => row.column_name);
}

/** Every column of row `id`, the chain's too, as its plain text (the table's, not a list here). */
async function columnsAsText(id: number, db: Executor = t.database.db) {
  const names = [...(await canonicalColumnNames()), 'prev_hash', 'hash'];
  const [row] = await sqlRows<Record<string, string | null>>(
    db,
    sql`select ${sql.join(
      names.map((name) => sql`${sql.identifier(name)}::text as ${sql.identifier(name)}`),
      sql`, `,
    )} from audit_log where id = ${id}`,
  );
  if (!row) throw new Error(`audit row ${id} expected`);
  return row;
}

/** What the trigger's own function prints for row `id`. */
async function databaseCanonical(id: number, db: Executor = t.database.db) {
  const [row] = await sqlRows<{ text: string }>(
    db,
    sql`select audit_log_canonical(a) as text from audit_log a where id = ${id}`,
  );
  return row?.text;
}

/** Runs `check` on a connection whose session time zone is `zone`. */
async function inSessionZone(zone: string, check: (db: Executor) => Promise<void>) {
  if (testDatabaseUrl) {
    const url = new URL(testDatabaseUrl);
    url.searchParams.set('options', `-c TimeZone=${zone}`);
    const other = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const [zoned] = await sqlRows<{ zone: string }>(
        other.db,
        sql`select current_setting('TimeZone') as zone`,
      );
      expect(zoned?.zone).toBe(zone);
      await check(other.db);
    } finally {
      await other.close();
    }
    return;
  }
  // PGlite is one connection: its session zone is changed for the check, then set back.
  await t.database.db.execute(sql.raw(`set timezone to '${zone}'`));
  try {
    await check(t.database.db);
  } finally {
    await t.database.db.execute(sql`reset timezone`);
  }
}

/** jsonb's printing of an object: keys by length, then by bytes; ", " and ": " between. */
function jsonbText(value: Record<string, unknown>): string {
  const keys = Object.keys(value).sort((a, b) =>
    a.length === b.length ? (a < b ? -1 : 1) : a.length - b.length,
  );
  return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbValue(value[key])}`).join(', ')}}`;
}

function jsonbValue(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return jsonbText(value as Record<string, unknown>);
  }
  if (Array.isArray(value)) return `[${value.map(jsonbValue).join(', ')}]`;
  return JSON.stringify(value);
}

describe('the audit hash chain', () => {
  it('links every row to the one before, in id order, from the genesis hash to the head', async () => {
    const user = await createUser(t);
    const created = await applyOk(t, application(), user.headers);
    await decide(t, superuser.headers, created.id, 'approve');
    await chainPendingAuditRows(t.database.db);
    const rows = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.chainSeq));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    for (let index = 1; index < rows.length; index += 1) {
      expect(rows[index]?.prevHash).toBe(rows[index - 1]?.hash);
    }
    const [head] = await t.database.db.select().from(auditChain);
    expect(head).toEqual({
      id: 1,
      rows: rows.length,
      lastId: rows.at(-1)?.id,
      lastHash: rows.at(-1)?.hash,
    });
    const state = await verifyAuditChain(t.database.db);
    expect(state).toMatchObject({ isIntact: true, rows: rows.length, problem: null });
    expect(state.head).toBe(rows.at(-1)?.hash);
  });

  it('computes the canonical form the design describes, of every column, as the trigger hashes it', async () => {
    const id = await addEntry('canonical', { reason: 'check', nested: { b: 2, a: [1, 'x'] } });
    const row = await columnsAsText(id);
    // Every column of the table takes part, and this row has a value in each: a column added
    // later fails here until the form (and this test) covers it.
    const columns = await canonicalColumnNames();
    for (const column of columns) expect(row[column], column).not.toBeNull();
    const createdAt = (
      await sqlRows<{ at: string }>(
        t.database.db,
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from audit_log where id = ${id}`,
      )
    )[0]?.at;
    const described = {
      id,
      actor_user_id: superuser.id,
      actor_role: 'superuser',
      action: 'contact.read',
      object_type: 'contact_message',
      object_id: 'canonical',
      details: { reason: 'check', nested: { b: 2, a: [1, 'x'] } },
      // to_jsonb drops trailing zeros of the fraction.
      created_at: `${createdAt?.replace(/\.?0+$/, '')}+00:00`,
    };
    expect(Object.keys(described).sort()).toEqual([...columns].sort());
    const expected = jsonbText(described);
    expect(canonicalForm(row)).toBe(expected);
    expect(await databaseCanonical(id)).toBe(expected);
    expect(row.hash).toBe(chainHash(row.prev_hash as string, expected));
  });

  it('keeps every hash the trigger wrote valid: odd text, numbers, nesting, times, any session zone', async () => {
    const details = [
      String.raw`{"quote": "say \"no\"", "back": "a\\b", "lines": "1\n2\t3\r", "control": "\u0001\u001f"}`,
      '{"unicode": "é 中文 🙂 \u00e9", "html": "</script><b>", "empty": "", "none": null}',
      '{"big": 12345678901234567890, "scaled": 1.50, "exp": 1e3, "neg": -0.25, "zero": 0}',
      '{"b": {"bb": [1, {"z": true, "a": false}], "a": []}, "aa": {}, "a": [null, "x"]}',
      '{}',
      'null',
    ];
    const times = [
      '2026-03-01 10:00:00+00',
      '2026-03-01 10:00:00.1+00',
      '2026-03-01 10:00:00.000001+00',
      '2026-03-01 10:00:00.123450+00',
      '2026-03-01 23:59:59.999999-11',
      '2026-01-01 00:30:00+05:30',
      '2024-02-29 12:00:00.5-03:30',
    ];
    const ids: number[] = [];
    for (const [index, at] of times.entries()) {
      await t.database.db.execute(sql`
        insert into audit_log (actor_user_id, actor_role, action, object_type, object_id, details, created_at)
        values (${index % 2 === 0 ? null : superuser.id}, 'system', 'contact.read', 'contact_message',
                ${index % 3 === 0 ? null : `it's "${index}" \\ é`},
                ${details[index % details.length]}::jsonb, ${at}::timestamptz)`);
      ids.push(await newestRowId());
    }
    await chainPendingAuditRows(t.database.db);
    const check = async (db: Executor, offset: RegExp) => {
      for (const id of ids) {
        const row = await columnsAsText(id, db);
        expect(row.created_at).toMatch(offset);
        expect(canonicalForm(row), `row ${id}`).toBe(await databaseCanonical(id, db));
        expect(row.hash).toBe(chainHash(row.prev_hash as string, canonicalForm(row)));
      }
      expect(await verifyAuditChain(db)).toMatchObject({ isIntact: true, problem: null });
    };
    await check(t.database.db, /\+00$/);
    // Times read in another session zone are moved to UTC here, to the microsecond.
    await inSessionZone('America/St_Johns', (db) => check(db, /-0[23]:30$/));
  });

  it('stays one chain when many transactions write audit rows at once', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        t.database.db.transaction(async (tx) => {
          for (let step = 0; step < 3; step += 1) {
            await insertAuditEntry(tx, {
              actorUserId: null,
              actorRole: 'system',
              action: 'contact.read',
              objectType: 'contact_message',
              objectId: `${uniqueName('chain')}-${index}-${step}`,
            });
          }
        }),
      ),
    );
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: true });
  });

  it('is reported intact to the superuser, and to nobody else', async () => {
    await addEntry();
    const response = await chainState(superuser.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      is_intact: true,
      broken_rows: 0,
      problem: null,
      head: expect.stringMatching(/^[0-9a-f]{64}$/),
      summary: expect.stringMatching(/^The audit log is intact: \d+ row\(s\) chained/),
    });
    expect((await chainState({})).statusCode).toBe(401);
    expect((await chainState((await createUser(t)).headers)).statusCode).toBe(403);
    expect((await chainState((await createAdmin(t)).headers)).statusCode).toBe(403);
  });
});

describe('the chainer', () => {
  it('links a row written unchained within its interval, and a row not yet linked shows', async () => {
    const id = await (async () => {
      await insertAuditEntry(t.database.db, {
        actorUserId: null,
        actorRole: 'system',
        action: 'contact.read',
        objectType: 'contact_message',
        objectId: uniqueName('unchained'),
      });
      return newestRowId();
    })();
    // Written without waiting on the head: no place in the chain yet, and that shows.
    const chainSeqOf = async () =>
      (
        await sqlRows<{ seq: string | null }>(
          t.database.db,
          sql`select chain_seq::text as seq from audit_log where id = ${id}`,
        )
      )[0]?.seq ?? null;
    expect(await chainSeqOf()).toBeNull();
    // A server whose chainer runs every 20 ms links it, with nobody asking for a check.
    const server = await buildTestApp({ env: { AUDIT_CHAIN_MS: '20' } });
    try {
      const end = Date.now() + 60_000;
      while ((await chainSeqOf()) === null) {
        if (Date.now() > end) throw new Error('the chainer did not link the row');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await server.app.close();
    }
    const state = await verifyAuditChain(t.database.db);
    expect(state).toMatchObject({ isIntact: true, problem: null });
  });
});

/**
 * The dashboard's chain state names row `id` as changed after it was written; on PostgreSQL, so
 * does `npm run audit:verify`, which fails.
 */
async function expectChangedRowReported(id: number) {
  const response = await chainState(superuser.headers);
  expect(response.json()).toMatchObject({
    is_intact: false,
    problem: { id, reason: 'content' },
    summary: expect.stringContaining(`row ${id} was changed after it was written`),
  });
  if (testDatabaseUrl) {
    const verified = await runAuditVerify({
      DATABASE_URL: testDatabaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'candor-verify-')),
    });
    expect(verified.code).toBe(1);
    expect(verified.output).toContain(`row ${id} was changed after it was written`);
  }
}

/** With row `id` removed, the check finds the chain broken with `problem`; the row is put back. */
async function expectProblemWhileRemoved(
  id: number,
  problem: { id: number | null; reason: string },
) {
  const removed = await removeAuditRow(t.database.db, id);
  try {
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: false, problem });
  } finally {
    await removed.restore();
  }
}

describe('a row changed with the trigger disabled', () => {
  it('breaks the chain at that row, for the check, the dashboard and the command', async () => {
    const id = await addEntry('tamper', { before: true });
    await addEntry('after');
    const tampered = await tamperWithAuditRow(t.database.db, id, { before: false });
    try {
      expect(await verifyAuditChain(t.database.db)).toMatchObject({
        isIntact: false,
        problem: { id, reason: 'content' },
        brokenRows: 1,
      });
      await expectChangedRowReported(id);
    } finally {
      await tampered.restore();
    }
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: true });
  });

  it('shows a removed row, in the middle or at the end of the log', async () => {
    const middle = await addEntry('middle');
    const next = await addEntry('next');
    await expectProblemWhileRemoved(middle, { id: next, reason: 'link' });
    const last = await addEntry('last');
    await expectProblemWhileRemoved(last, { id: null, reason: 'head' });
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: true });
  });
});

describe('audit_log_canonical replaced to hide an edited row', () => {
  it('fools the database, not the check: the dashboard and the command report the row', async () => {
    const id = await addEntry('hidden', { decision: 'kept' });
    await addEntry('after-hidden');
    const before = await verifyAuditChain(t.database.db);
    expect(before.isIntact).toBe(true);
    const hidden = await hideEditBehindCanonical(t.database.db, id, { decision: 'reversed' });
    try {
      const [edited] = await t.database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.id, id));
      expect(edited?.details).toEqual({ decision: 'reversed' });
      // The database's own functions now vouch for the edited row, and the head is unchanged.
      expect(await databaseHashMatches(t.database.db, id)).toBe(true);
      const state = await verifyAuditChain(t.database.db);
      expect(state).toMatchObject({
        isIntact: false,
        problem: { id, reason: 'content' },
        brokenRows: 1,
        head: before.head,
      });
      await expectChangedRowReported(id);
    } finally {
      await hidden.restore();
    }
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: true });
  });
});

/** Three role changes by the system, written to the log of `db`. */
async function addRoleChanges(db: Executor, details?: Record<string, string>) {
  for (let index = 0; index < 3; index += 1) {
    await insertAuditEntry(db, {
      actorUserId: null,
      actorRole: 'system',
      action: 'user.role_changed',
      objectType: 'user',
      objectId: index,
      ...(details ? { details } : {}),
    });
  }
}

describe('npm run audit:verify on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-verify-'));
  const env = { DATA_DIR: dataDir };

  // Two cold starts of the command (TypeScript loader, PGlite) on a shared machine.
  it('checks the data folder when the server is stopped, and fails once a row was changed', {
    timeout: 180_000,
  }, async () => {
    const fresh = await runAuditVerify(env);
    expect(fresh.output).toContain('The audit log is intact: 0 row(s) chained');
    expect(fresh.code).toBe(0);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await addRoleChanges(database.db);
      const intact = await verifyAuditChain(database.db);
      expect(intact).toMatchObject({ isIntact: true, rows: 3 });
      const [second] = await database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .orderBy(asc(auditLog.id))
        .offset(1)
        .limit(1);
      await tamperWithAuditRow(database.db, second?.id as number, { edited: true });
    } finally {
      await database.close();
    }
    const broken = await runAuditVerify(env);
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(
      /row \d+ was changed after it was written; 1 row\(s\) do not check out/,
    );
  });

  it('reports a row whose edit a replaced audit_log_canonical hides', {
    timeout: 180_000,
  }, async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'candor-verify-'));
    const database = await openDatabase({ dataDir: path.join(folder, 'pglite') });
    let id: number;
    try {
      await database.migrate();
      await addRoleChanges(database.db, { to: 'admin' });
      await chainPendingAuditRows(database.db);
      const [first] = await database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .orderBy(asc(auditLog.id))
        .limit(1);
      id = first?.id as number;
      await hideEditBehindCanonical(database.db, id, { to: 'superuser' });
      expect(await databaseHashMatches(database.db, id)).toBe(true);
    } finally {
      await database.close();
    }
    const verified = await runAuditVerify({ DATA_DIR: folder });
    expect(verified.output).toContain(`row ${id} was changed after it was written`);
    expect(verified.code).toBe(1);
  });

  it('says the server holds the folder instead of opening it a second time', async () => {
    const release = acquireEmbeddedLock(dataDir);
    try {
      const busy = await runAuditVerify(env);
      expect(busy.code).toBe(2);
      expect(busy.output).toContain('is in use by process');
      expect(busy.output).toContain('the Superuser Dashboard shows the state of the chain');
    } finally {
      release();
    }
  });
});
