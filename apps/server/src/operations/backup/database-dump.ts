import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../../db/client';
import { OperationError } from '../operation-error';
import { quoteIdent, type SqlSession } from './sql-session';

/**
 * The database as rows (PostgreSQL's COPY text format, one file per table), with what a restore
 * needs to rebuild it: the migrations it was at, the columns of each table and where each
 * sequence stood. Used for PostgreSQL servers, and for moving an embedded database's dump into
 * a server (restore.ts).
 */
export type TableEntry = { name: string; columns: string[]; rows: number };
export type SequenceEntry = { name: string; lastValue: string; isCalled: boolean };
export type MigrationEntry = { hash: string; createdAt: string };
export type LogicalDump = {
  tables: TableEntry[];
  sequences: SequenceEntry[];
  migrations: MigrationEntry[];
};

export const tableFile = (dir: string, table: string) =>
  path.join(dir, 'database', `${table}.copy`);

async function listTables(session: SqlSession): Promise<{ name: string; columns: string[] }[]> {
  return session.query<{ name: string; columns: string[] }>(
    `select c.relname::text as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               and a.attgenerated = '' order by a.attnum) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
}

/** The migrations applied, oldest first; none when the bookkeeping table does not exist. */
export async function appliedMigrations(session: SqlSession): Promise<MigrationEntry[]> {
  const [found] = await session.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!found?.exists) return [];
  return session.query<MigrationEntry>(
    `select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations
     order by created_at, id`,
  );
}

async function countOf(session: SqlSession, table: string): Promise<number> {
  const [row] = await session.query<{ count: number }>(
    `select count(*)::int as count from ${quoteIdent(table)}`,
  );
  return row?.count ?? 0;
}

/** Every table of `public` with its columns and row count, read in the caller's transaction. */
export async function describeTables(session: SqlSession): Promise<TableEntry[]> {
  const tables: TableEntry[] = [];
  for (const table of await listTables(session)) {
    tables.push({ ...table, rows: await countOf(session, table.name) });
  }
  return tables;
}

/**
 * Writes every table of `public` into `dir/database/<table>.copy`. Run inside one REPEATABLE
 * READ transaction (the caller's), so every table comes from the same instant. Sequences are
 * not transactional: their values are read after the tables, so they are at or past every id
 * the tables hold.
 */
export async function exportTables(
  session: SqlSession,
  dir: string,
  /** Each file passes through it (a backup seals them); `bytes` is the table's size before. */
  options: {
    through?: () => Promise<Duplex>;
    onTable?: (name: string, bytes: number) => void;
  } = {},
): Promise<LogicalDump> {
  await mkdir(path.join(dir, 'database'), { recursive: true, mode: 0o700 });
  const tables: TableEntry[] = [];
  for (const table of await listTables(session)) {
    const file = tableFile(dir, table.name);
    const bytes = await session.copyOut(table.name, table.columns, file, options.through);
    options.onTable?.(table.name, bytes);
    tables.push({ ...table, rows: await countOf(session, table.name) });
  }
  const sequenceNames = await session.query<{ name: string }>(
    `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const sequences: SequenceEntry[] = [];
  for (const { name } of sequenceNames) {
    const [state] = await session.query<{ lastValue: string; isCalled: boolean }>(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${quoteIdent(name)}`,
    );
    if (state) sequences.push({ name, ...state });
  }
  return { tables, sequences, migrations: await appliedMigrations(session) };
}

/**
 * The hashes migrations had before an edit of their comments alone: a backup made before it
 * recorded them, and is the same schema. By the migration's place (0 is the first).
 */
const EARLIER_HASHES: Record<number, string[]> = {
  1: ['030fd79814a19d684af53fcd20eff205948109a3dbf2a9daae4351acbc9575e2'],
  6: ['4a00c0106c4e3d637377f79db2325fe26a08898ed4df2a1692d7aa53fa9f379c'],
  11: ['8c5d58b9920bce1a9befc4eb478a8a20cabacff73cab58d849cdd877ed2b154a'],
};

/**
 * This version's migration files, once every migration a backup recorded is one of them, in
 * order and with the same content (or an earlier hash of it, `EARLIER_HASHES`); else refused.
 */
export function checkedMigrations(migrations: MigrationEntry[]) {
  const known = readMigrationFiles({ migrationsFolder });
  migrations.forEach((migration, index) => {
    const ours = known[index];
    if (!ours || String(ours.folderMillis) !== migration.createdAt) {
      throw new OperationError(
        'This backup was made by a newer version of Candor (its database has migrations this ' +
          'version does not know). Restore it with that version or a later one.',
      );
    }
    if (ours.hash !== migration.hash && !EARLIER_HASHES[index]?.includes(migration.hash)) {
      throw new OperationError(
        `Migration ${index + 1} of the backup differs from this version's: restore it with ` +
          'the version of Candor that made it.',
      );
    }
  });
  return known;
}

/**
 * Creates the schema exactly as it was at the backup (its migrations and no later ones) in the
 * caller's transaction, recording them as drizzle's migrator does, so later migrations then
 * apply to the restored rows as they would have to the original database.
 */
async function createSchemaAt(session: SqlSession, migrations: MigrationEntry[]) {
  const known = checkedMigrations(migrations);
  await session.query('create schema if not exists drizzle');
  await session.query(
    `create table if not exists drizzle.__drizzle_migrations
       (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of known.slice(0, migrations.length)) {
    for (const statement of migration.sql) {
      if (statement.trim()) await session.query(statement);
    }
    await session.query(
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      [migration.hash, migration.folderMillis],
    );
  }
}

/**
 * Loads a logical dump into an empty database, in the caller's transaction: schema first, then
 * the rows with triggers off (as pg_restore does: the rows are loaded as they were, and the
 * triggers that keep counters or refuse edits already did their work on the original), then the
 * sequences. Checks each table's row count against the dump.
 */
export async function loadTables(session: SqlSession, dump: LogicalDump, dir: string) {
  await createSchemaAt(session, dump.migrations);
  const present = new Map((await listTables(session)).map((table) => [table.name, table]));
  for (const table of dump.tables) {
    const columns = present.get(table.name)?.columns;
    const same =
      columns?.length === table.columns.length &&
      table.columns.every((column) => columns.includes(column));
    if (!same) {
      throw new OperationError(
        `Table ${table.name} of the backup does not match the schema its migrations create: the ` +
          'archive is not a Candor backup of this version, or it was altered.',
      );
    }
  }
  try {
    await session.query('set local session_replication_role = replica');
  } catch (error) {
    throw new OperationError(
      'Restoring needs a database role that may turn triggers off while loading ' +
        '(session_replication_role): a superuser, or on PostgreSQL 15 and later one granted ' +
        `SET ON PARAMETER session_replication_role. The server said: ${(error as Error).message}`,
    );
  }
  // A migration may have written rows of its own (computed from tables then empty): the
  // backup's rows replace them.
  for (const table of await describeTables(session)) {
    if (table.rows > 0) await session.query(`delete from ${quoteIdent(table.name)}`);
  }
  for (const table of dump.tables) {
    await session.copyIn(table.name, table.columns, tableFile(dir, table.name));
  }
  await session.query('set local session_replication_role = origin');
  for (const sequence of dump.sequences) {
    await session.query('select setval($1::regclass, $2::bigint, $3)', [
      quoteIdent(sequence.name),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }
  await checkRowCounts(session, dump.tables);
}

/**
 * Tables whose rows only say when kept answers in a server's memory went stale (migration 0028):
 * a restored database starts with no server's memory, and loading other tables may move them,
 * so their count after loading says nothing about the archive.
 */
const DERIVED_TABLES = new Set(['read_versions']);

/** Each table holds as many rows as the backup says it did. */
export async function checkRowCounts(session: SqlSession, expected: TableEntry[]) {
  const counts = new Map((await describeTables(session)).map((table) => [table.name, table.rows]));
  for (const table of expected) {
    if (DERIVED_TABLES.has(table.name)) continue;
    if (counts.get(table.name) !== table.rows) {
      throw new OperationError(
        `Table ${table.name} holds ${counts.get(table.name) ?? 'no'} rows after loading, the ` +
          `backup says ${table.rows}: the archive is damaged. Nothing was restored.`,
      );
    }
  }
}
