import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type Duplex, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/**
 * One connection, for the whole of a backup or a restore: its transaction is the snapshot (or
 * the unit of the load), and COPY moves table contents in PostgreSQL's own text format, which
 * keeps every type (bytea, jsonb, timestamps) exactly. PGlite and a PostgreSQL server differ
 * only in where COPY reads and writes.
 */
export type SqlSession = {
  driver: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** `COPY table (columns) TO ...` into `file`, through `through` if given (answers its bytes). */
  copyOut(
    table: string,
    columns: readonly string[],
    file: string,
    through?: () => Promise<Duplex>,
  ): Promise<number>;
  /** `COPY table (columns) FROM ...` out of `file`. */
  copyIn(table: string, columns: readonly string[], file: string): Promise<void>;
  close(): Promise<void>;
};

/** Writes `source` to `file` (mode 0600), through `through` if given; answers the bytes read. */
async function writeCounted(
  source: Readable,
  file: string,
  through?: () => Promise<Duplex>,
): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const sink = createWriteStream(file, { mode: 0o600 });
  if (through) await pipeline(source, counter, await through(), sink);
  else await pipeline(source, counter, sink);
  return bytes;
}

export function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}

function target(table: string, columns: readonly string[]) {
  return `${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')})`;
}

export async function openPostgresSession(url: string): Promise<SqlSession> {
  const client = new pg.Client({ connectionString: url, application_name: 'candor-backup' });
  await client.connect();
  // A dropped connection rejects the running query; without a listener it would also throw.
  client.on('error', () => {});
  return {
    driver: 'postgres',
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params as unknown[])).rows as T[],
    copyOut: async (table, columns, file, through) => {
      const stream = client.query(copyTo(`COPY ${target(table, columns)} TO STDOUT`));
      return writeCounted(stream, file, through);
    },
    copyIn: async (table, columns, file) => {
      const stream = client.query(copyFrom(`COPY ${target(table, columns)} FROM STDIN`));
      await pipeline(createReadStream(file), stream);
    },
    close: () => client.end(),
  };
}

/** PGlite copies through an in-memory blob (`/dev/blob`): a table at a time. */
export function pgliteSession(db: PGlite, close: () => Promise<void>): SqlSession {
  return {
    driver: 'pglite',
    query: async <T>(text: string, params?: unknown[]) =>
      (await db.query<T>(text, params as unknown[])).rows,
    copyOut: async (table, columns, file, through) => {
      const result = await db.query(`COPY ${target(table, columns)} TO '/dev/blob'`);
      const data = result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
      return writeCounted(Readable.from([data]), file, through);
    },
    copyIn: async (table, columns, file) => {
      const blob = new Blob([await readFile(file)]);
      await db.query(`COPY ${target(table, columns)} FROM '/dev/blob'`, [], { blob });
    },
    close,
  };
}
