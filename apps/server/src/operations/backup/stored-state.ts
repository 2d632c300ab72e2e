import type { SqlSession } from './sql-session';

/**
 * What a backup reads besides the tables: the stored files rows name (reports' evidence, voice
 * messages), and the ids of the
 * encryption keys stored data was sealed with (their key-check canaries, lib/key-check.ts).
 */
export async function referencedEvidence(session: SqlSession, only?: string[]): Promise<string[]> {
  const rows = only
    ? await session.query<{ key: string }>(
        `select evidence_key as key from reports where evidence_key = any($1::text[])
         union all select storage_key from voice_recordings where storage_key = any($1::text[])`,
        [only],
      )
    : await session.query<{ key: string }>(
        `select evidence_key as key from reports where evidence_key is not null
         union all select storage_key from voice_recordings order by 1`,
      );
  return rows.map((row) => row.key);
}

export async function readKeyIds(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select name from key_checks where name like 'seal:%' order by name`,
  );
  return rows.map((row) => row.name.slice('seal:'.length));
}
