import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client';
import { sqlRows } from './sql';

export type Row = Record<string, unknown>;
export type Dump = { table: string; row: Row }[];

/** The names of the public schema's tables, in order. */
export async function publicTables(db: Executor): Promise<string[]> {
  const tables = await sqlRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return tables.map(({ table_name: table }) => table);
}

/** Every row of every table in the public schema, as a plain `select *` gives it. */
export async function dumpEverything(db: Executor): Promise<Dump> {
  const dump: Dump = [];
  for (const table of await publicTables(db)) {
    const rows = await sqlRows<Row>(db, sql`select * from ${sql.identifier(table)}`);
    for (const row of rows) dump.push({ table, row });
  }
  return dump;
}

/** A column's value as text, as someone reading a dump would search it. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Uint8Array) return Buffer.from(value).toString('latin1');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
