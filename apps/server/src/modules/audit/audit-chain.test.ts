import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { application, applyOk, decide } from '../../../test/access-requests';
import { getTestApp, type TestApp, testDatabaseUrl } from '../../../test/app';
import { removeAuditRow, runAuditVerify, tamperWithAuditRow } from '../../../test/audit';
import {
  createAdmin,
  createSuperuser,
  createUser,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { openDatabase } from '../../db/client';
import { acquireEmbeddedLock } from '../../db/embedded-lock';
import { auditChain, auditLog } from '../../db/schema';
import { insertAuditEntry } from './audit.repository';
import { chainHash, GENESIS_HASH, verifyAuditChain } from './audit-chain';

let t: TestApp;
let superuser: TestUser;
beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
});

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
  return newestRowId();
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
    const rows = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
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

  it('hashes the canonical form the design describes: non-null columns as jsonb prints them, times in UTC', async () => {
    const id = await addEntry('canonical', { reason: 'check', nested: { b: 2, a: [1, 'x'] } });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, id));
    if (!row) throw new Error('row expected');
    const createdAt = (
      (await t.database.db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at from audit_log where id = ${id}`,
      )) as { rows: { at: string }[] }
    ).rows[0]?.at;
    const expected = jsonbText({
      id,
      actor_user_id: superuser.id,
      actor_role: 'superuser',
      action: 'contact.read',
      object_type: 'contact_message',
      object_id: 'canonical',
      details: { reason: 'check', nested: { b: 2, a: [1, 'x'] } },
      // to_jsonb drops trailing zeros of the fraction.
      created_at: `${createdAt?.replace(/\.?0+$/, '')}+00:00`,
    });
    const [canonical] = (
      (await t.database.db.execute(
        sql`select audit_log_canonical(a) as text from audit_log a where id = ${id}`,
      )) as { rows: { text: string }[] }
    ).rows;
    // Columns other engineers add to audit rows are part of the form too: compare key sets.
    const keys = Object.keys(JSON.parse(canonical?.text ?? '{}'));
    const columns = Object.keys(JSON.parse(expected));
    for (const column of columns) expect(keys).toContain(column);
    if (keys.length === columns.length) expect(canonical?.text).toBe(expected);
    expect(row.hash).toBe(chainHash(row.prevHash, canonical?.text ?? ''));
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
    } finally {
      await tampered.restore();
    }
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: true });
  });

  it('shows a removed row, in the middle or at the end of the log', async () => {
    const middle = await addEntry('middle');
    const next = await addEntry('next');
    const removed = await removeAuditRow(t.database.db, middle);
    try {
      expect(await verifyAuditChain(t.database.db)).toMatchObject({
        isIntact: false,
        problem: { id: next, reason: 'link' },
      });
    } finally {
      await removed.restore();
    }
    const last = await addEntry('last');
    const removedLast = await removeAuditRow(t.database.db, last);
    try {
      expect(await verifyAuditChain(t.database.db)).toMatchObject({
        isIntact: false,
        problem: { id: null, reason: 'head' },
      });
    } finally {
      await removedLast.restore();
    }
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ isIntact: true });
  });
});

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
      for (let index = 0; index < 3; index += 1) {
        await insertAuditEntry(database.db, {
          actorUserId: null,
          actorRole: 'system',
          action: 'user.role_changed',
          objectType: 'user',
          objectId: index,
        });
      }
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
