import { getTableName, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/app';
import type { DatabaseHandle } from './client';
import { type SealedColumn, sealedColumns, unsealedByteColumns } from './sealed-columns';

// Key rotation re-wraps exactly the columns of the registry: a sealed column left out would keep
// its old key and stop opening once that key is retired. The database is walked, not a list.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await getTestDatabase();
});

describe('the sealed column registry', () => {
  it('names every bytea column of the database, or says why it is not re-wrapped', async () => {
    const result = (await database.db.execute(
      sql`select table_name::text as table, column_name::text as column
          from information_schema.columns
          where table_schema = 'public' and data_type = 'bytea' order by 1, 2`,
    )) as unknown as { rows: { table: string; column: string }[] };
    const registered = new Set(
      (Object.values(sealedColumns) as SealedColumn[]).map(
        (entry) => `${getTableName(entry.column.table)}.${entry.column.name}`,
      ),
    );
    const found = result.rows.map((row) => `${row.table}.${row.column}`);
    expect(found.length).toBeGreaterThan(0);
    const missing = found.filter((name) => !registered.has(name) && !(name in unsealedByteColumns));
    expect(missing, 'add them to db/sealed-columns.ts').toEqual([]);
    // And nothing registered that the database does not have.
    for (const name of [...registered, ...Object.keys(unsealedByteColumns)]) {
      expect(found).toContain(name);
    }
  });

  it('gives every sealed column its own purpose', () => {
    const purposes = (Object.values(sealedColumns) as SealedColumn[]).map((entry) => entry.purpose);
    expect(new Set(purposes).size).toBe(purposes.length);
  });
});
