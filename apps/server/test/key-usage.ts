import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sealedKeyId } from '../src/lib/crypto';

/**
 * What a rotation test checks afterwards, read independently of the code under test: every
 * bytea column of the database (walked from information_schema, canaries left out) and every
 * stored evidence file, counted by the key id in its header.
 */
export type KeyCounts = Record<string, number>;

const BYTEA_COLUMNS = `select table_name::text as t, column_name::text as c
  from information_schema.columns where table_schema = 'public' and data_type = 'bytea'
    and table_name <> 'key_checks'`;

const countSql = (t: string, c: string) =>
  `select convert_from(substring("${c}" from 3 for get_byte("${c}", 1)), 'UTF8') as k,
          count(*)::int as n from "${t}" where "${c}" is not null group by 1`;

async function countWith(query: <T>(text: string) => Promise<T[]>) {
  const counts: KeyCounts = {};
  for (const { t, c } of await query<{ t: string; c: string }>(BYTEA_COLUMNS)) {
    for (const row of await query<{ k: string; n: number }>(countSql(t, c))) {
      counts[row.k] = (counts[row.k] ?? 0) + row.n;
    }
  }
  const canaries = await query<{ name: string }>('select name from key_checks order by name');
  return { counts, canaries: canaries.map((row) => row.name) };
}

/** Sealed values by key id, and the key_checks names, of a site's database. */
export async function databaseKeyCounts(env: Record<string, string>) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return await countWith(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(env.DATA_DIR as string, 'pglite'));
  try {
    return await countWith(async <T>(text: string) => (await db.query<T>(text)).rows);
  } finally {
    await db.close();
  }
}

/** Stored evidence files by key id (the local upload folder). */
export function fileKeyCounts(env: Record<string, string>): KeyCounts {
  const counts: KeyCounts = {};
  const dir = path.join(env.DATA_DIR as string, 'uploads');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const id = sealedKeyId(readFileSync(path.join(entry.parentPath, entry.name))) ?? 'unsealed';
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

export function secretsKeyIds(env: Record<string, string>): string[] {
  const stored = JSON.parse(
    readFileSync(path.join(env.DATA_DIR as string, 'secrets.json'), 'utf8'),
  );
  return (stored.encryptionKeys as string).split(',').map((entry) => entry.split(':')[0] as string);
}
