import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, testDatabaseUrl } from '../../../test/app';
import { uniqueName } from '../../../test/factories';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../../db/client';
import { verifyAuditChain } from './audit-chain';

/** The migrations up to the one before the chain, as a folder of their own. */
function migrationsBeforeChain() {
  const folder = mkdtempSync(path.join(tmpdir(), 'candor-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const chainAt = journal.entries.findIndex((entry) => entry.tag.endsWith('_audit_chain'));
  expect(chainAt).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, chainAt);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

let database: DatabaseHandle;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (testDatabaseUrl) {
    // A database of its own on the server: the run's shared one is already migrated.
    const name = uniqueName('chainmig').toLowerCase();
    const shared = await getTestDatabase();
    await shared.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString() });
    dropDatabase = async () => {
      await database.close();
      await shared.db.execute(sql.raw(`drop database ${name}`));
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
    dropDatabase = () => database.close();
  }
});

afterAll(async () => {
  await dropDatabase();
});

describe('the migration that adds the chain', () => {
  it('chains the audit rows written before it, in id order', async () => {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    const migrateWith = (folder: string) =>
      database.driver === 'postgres'
        ? migratePg(database.db as never, { migrationsFolder: folder })
        : migratePglite(database.db as never, { migrationsFolder: folder });

    await migrateWith(migrationsBeforeChain());
    for (let index = 0; index < 5; index += 1) {
      await database.db.execute(sql`
        insert into audit_log (actor_user_id, actor_role, action, object_type, object_id, details)
        values (null, 'system', 'user.role_changed', 'user', ${String(index)},
                ${JSON.stringify({ step: index })}::jsonb)`);
    }
    await migrateWith(migrationsFolder);

    const state = await verifyAuditChain(database.db);
    expect(state).toMatchObject({ isIntact: true, rows: 5, problem: null });
    // New rows carry on from the chained ones.
    await database.db.execute(sql`
      insert into audit_log (actor_user_id, actor_role, action, object_type, object_id)
      values (null, 'system', 'user.role_changed', 'user', '6')`);
    expect(await verifyAuditChain(database.db)).toMatchObject({ isIntact: true, rows: 6 });
  });
});
