import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../test/app';
import { type DatabaseHandle, type Executor, openDatabase } from './client';
import { preparedQuery } from './prepared';
import { usedChallenges } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

/** A prepared query that counts how often it is built: whether a row is there, as `db` sees. */
function counted() {
  const builds: unknown[] = [];
  const query = preparedQuery((db) => {
    builds.push(db);
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(usedChallenges)
      .where(eq(usedChallenges.signature, sql.placeholder('signature')))
      .prepare('prepared_test_count');
  });
  const seen = async (db: Executor, signature: string) =>
    (await query(db).execute({ signature }))[0]?.n;
  return { builds, seen };
}

const insert = (db: Executor, signature: string) =>
  db.insert(usedChallenges).values({ signature, expiresAt: new Date(Date.now() + 60_000) });

/** Ends a transaction without keeping what it wrote. */
class RolledBack extends Error {}

describe('a prepared query', () => {
  it('is built once for a database, and each transaction runs it on its own connection', async () => {
    const db = t.database.db;
    const { builds, seen } = counted();
    const signatures = [randomUUID(), randomUUID(), randomUUID()];
    expect(await seen(db, signatures[0] as string)).toBe(0);
    const inTransactions = await Promise.all(
      signatures.map(async (signature) => {
        let result: (number | undefined)[] = [];
        await db
          .transaction(async (tx) => {
            // A row only this transaction sees, until it commits: the query sees it only if it
            // runs on the transaction's connection.
            await insert(tx, signature);
            result = [await seen(tx, signature), await seen(tx, signature)];
            throw new RolledBack();
          })
          .catch((error: unknown) => {
            if (!(error instanceof RolledBack)) throw error;
          });
        return result;
      }),
    );
    expect(inTransactions).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    // Rolled back: the database itself sees none, with the same query, still built once.
    for (const signature of signatures) expect(await seen(db, signature)).toBe(0);
    expect(builds).toHaveLength(1);
  });

  it('is built apart for another database, and runs there', async () => {
    const other: DatabaseHandle = await openDatabase({ dataDir: 'memory://' });
    try {
      await other.migrate();
      const { builds, seen } = counted();
      const signature = randomUUID();
      await insert(t.database.db, signature);
      expect(await seen(t.database.db, signature)).toBe(1);
      expect(await seen(other.db, signature)).toBe(0);
      await insert(other.db, signature);
      expect(await other.db.transaction((tx) => seen(tx, signature))).toBe(1);
      expect(builds).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
