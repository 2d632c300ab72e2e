import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../../test/sql';
import { openThrowawayDatabase, type ThrowawayDatabase } from '../../../test/throwaway-database';
import { insertAuditEntry } from './audit.repository';
import { verifyAuditChain } from './audit-chain';

/**
 * An audit log written before the check computed the canonical form itself, when the database's
 * `audit_log_canonical` printed it for the check too: 68 rows of 15 actions (status changes,
 * deadlines with instants, exports with filters, organisations, second factors), every column as
 * its text, with the hashes and the head the server stored.
 */
type EarlierChain = {
  head: { rows: number; last_id: number; last_hash: string };
  rows: Record<string, string | null>[];
};
const earlier = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '../../../test/fixtures/audit-chain-ed397b5.json'),
    'utf8',
  ),
) as EarlierChain;

let throwaway: ThrowawayDatabase;
beforeAll(async () => {
  throwaway = await openThrowawayDatabase();
  const { db } = throwaway.database;
  // The rows as they were stored, chained in id order (their place in the chain, as migration
  // 0029 numbers the rows it finds).
  await db.transaction(async (tx) => {
    for (const [index, row] of earlier.rows.entries()) {
      await tx.execute(sql`
        insert into audit_log (id, actor_user_id, actor_role, action, object_type, object_id,
                               details, created_at, prev_hash, hash, chain_seq)
        values (${row.id}::bigint, ${row.actor_user_id}::integer, ${row.actor_role}, ${row.action},
                ${row.object_type}, ${row.object_id}, ${row.details}::jsonb,
                ${row.created_at}::timestamptz, ${row.prev_hash}, ${row.hash}, ${index + 1})`);
    }
    await tx.execute(sql`
      update audit_chain set rows = ${earlier.head.rows}, last_id = ${earlier.head.last_id},
        last_hash = ${earlier.head.last_hash} where id = 1`);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('audit_log', 'id'), ${earlier.head.last_id})`,
    );
  });
});

afterAll(async () => {
  await throwaway.drop();
});

describe('an audit log written before the check computed the form itself', () => {
  it('checks out intact, row for row, to the head it had', async () => {
    const { db } = throwaway.database;
    expect(earlier.rows).toHaveLength(earlier.head.rows);
    // The database's own functions agree with every stored hash: the rows are as written.
    const [agreed] = await sqlRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from audit_log a where audit_log_hash(a.prev_hash, a) = a.hash`,
    );
    expect(agreed?.rows).toBe(earlier.head.rows);
    expect(await verifyAuditChain(db)).toEqual({
      isIntact: true,
      rows: earlier.head.rows,
      pending: 0,
      head: earlier.head.last_hash,
      problem: null,
      brokenRows: 0,
    });
  });

  it('goes on with rows written now', async () => {
    const { db } = throwaway.database;
    await insertAuditEntry(db, {
      actorUserId: null,
      actorRole: 'system',
      action: 'contact.read',
      objectType: 'contact_message',
      objectId: 1,
      details: { after: true },
    });
    expect(await verifyAuditChain(db)).toMatchObject({
      isIntact: true,
      rows: earlier.head.rows + 1,
      problem: null,
    });
  });
});
