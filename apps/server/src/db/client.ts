import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPgListener, type Listener } from './pg-listener';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<
  Database,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'with' | '$with'
>;

export type { Listener };

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Calls `callback` each time listening resumes after the server connection was lost: signals
   * sent meanwhile were missed. Never called on PGlite, which runs in this process. Answers a
   * function that stops the calls.
   */
  onListenResumed(callback: () => void): () => void;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  /** postgres://... for a PostgreSQL server; otherwise embedded PGlite. */
  url?: string;
  /** PGlite data folder; `memory://` for a throwaway database. */
  dataDir?: string;
  poolSize?: number;
  onError?: (error: unknown) => void;
  /** Called with the text of every statement drizzle sends (tests: what a read touches). */
  logQuery?: (query: string) => void;
};

function loggerOf(options: DatabaseOptions) {
  const log = options.logQuery;
  return log ? { logger: { logQuery: (query: string) => log(query) } } : {};
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options)
    : openPglite(options.dataDir ?? 'memory://', options);
}

/** PostgreSQL's type id of bytea. */
const BYTEA_TYPE = 17;

/**
 * PGlite answers bytea as text, `\x` and two hex digits a byte, which it decodes a byte at a time
 * in JavaScript: most of the time of reading a list of sealed values (bench/README.md "Reads").
 * Node decodes the same hex in one call, into the Buffer the schema's bytea columns hold.
 */
const pgliteParsers = {
  [BYTEA_TYPE]: (value: string) => Buffer.from(value.slice(2), 'hex'),
};

async function openPglite(dataDir: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { parsers: pgliteParsers });
  const db = drizzlePglite(client, { schema, ...loggerOf(options) }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, listener);
      return () => stop();
    },
    onListenResumed: () => () => {},
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A statement whose process is gone (killed, cut off) is cancelled, not committed unseen:
    // a report filed in one statement is then written only while its filer waits for the answer
    // (docs/design.md "A filing is one statement"). PostgreSQL 14 or later.
    options: '-c client_connection_check_interval=1000',
  });
  // An idle client losing its connection must not bring the process down.
  pool.on('error', onError);
  const db = drizzlePg(pool, { schema, ...loggerOf(options) }) as unknown as Database;
  const resumed = new Set<() => void>();
  const listener = createPgListener(url, {
    onError,
    onReconnect: () => {
      for (const callback of resumed) callback();
    },
  });
  return {
    db,
    driver: 'postgres',
    listen: (channel, callback) => listener.listen(channel, callback),
    onListenResumed: (callback) => {
      resumed.add(callback);
      return () => resumed.delete(callback);
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
