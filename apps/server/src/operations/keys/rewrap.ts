import { getTableName, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reports, voiceRecordings } from '../../db/schema';
import { type SealedColumn, sealedColumns, sealedFiles } from '../../db/sealed-columns';
import { type Sealer, sealedKeyId } from '../../lib/crypto';
import { type FileStorage, isMissingObject } from '../../lib/storage';

/**
 * Re-wrapping the data keys of every sealed value (db/sealed-columns.ts) under the current
 * master key, a batch at a time. Each row is updated only if it still holds the value read
 * (compare-and-set), so a server writing meanwhile never loses its write; whatever it wrote is
 * seen by the scan that follows. Nothing records progress: a run that stopped halfway is
 * finished by the next, which skips what is already under the current key.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const columnName = (entry: SealedColumn) =>
  `${getTableName(entry.column.table)}.${entry.column.name}`;

const keyIdOf = (column: SealedColumn['column']) =>
  sql`substring(${column} from 3 for get_byte(${column}, 1))`;

export type Progress = (where: string, rewrapped: number) => void;

export async function rewrapColumn(
  db: Executor,
  sealer: Sealer,
  entry: SealedColumn,
  batchSize: number,
  progress: Progress,
): Promise<{ rewrapped: number; changedMeanwhile: number }> {
  const table = entry.column.table;
  let after: unknown;
  let rewrapped = 0;
  let changedMeanwhile = 0;
  for (;;) {
    const rows = rowsOf<{ k: unknown; v: Uint8Array }>(
      await db.execute(
        sql`select ${entry.key} as k, ${entry.column} as v from ${table}
            where ${entry.column} is not null
              and ${keyIdOf(entry.column)} <> convert_to(${sealer.currentKeyId}, 'UTF8')
              ${after === undefined ? sql`` : sql`and ${entry.key} > ${after}`}
            order by ${entry.key} limit ${batchSize}`,
      ),
    );
    if (rows.length === 0) break;
    let done = 0;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const value = Buffer.from(row.v);
        const next = sealer.rewrap(value, entry.purpose);
        const updated = rowsOf(
          await tx.execute(
            sql`update ${table} set ${sql.identifier(entry.column.name)} = ${next}
                where ${entry.key} = ${row.k} and ${entry.column} = ${value} returning 1`,
          ),
        );
        if (updated.length === 1) done += 1;
        else changedMeanwhile += 1;
      }
    });
    rewrapped += done;
    after = rows[rows.length - 1]?.k;
    progress(columnName(entry), done);
  }
  return { rewrapped, changedMeanwhile };
}

/**
 * The stored files rows name (reports' evidence, voice messages), a batch at a time, in key
 * order. Both are sealed under the evidence purpose (db/sealed-columns.ts).
 */
async function* evidenceBatches(db: Executor, batchSize: number) {
  let after = '';
  for (;;) {
    const rows = rowsOf<{ key: string }>(
      await db.execute(sql`select key from (
          select ${reports.evidenceKey} as key from ${reports} where ${isNotNull(reports.evidenceKey)}
          union all select ${voiceRecordings.storageKey} from ${voiceRecordings}
        ) as files where key > ${after} order by key limit ${batchSize}`),
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.key as string;
  }
}

/** Whether a row still names the stored file `key`. */
async function isFileNamed(db: Executor, key: string): Promise<boolean> {
  const rows = rowsOf<{ named: boolean }>(
    await db.execute(sql`select exists (select 1 from ${reports} where ${reports.evidenceKey} = ${key})
      or exists (select 1 from ${voiceRecordings} where ${voiceRecordings.storageKey} = ${key}) as named`),
  );
  return Boolean(rows[0]?.named);
}

/**
 * Evidence files are written again whole, under the same storage key (the local driver renames
 * a finished file into place, S3 replaces an object at once: a reader gets one or the other,
 * both open). A file whose report was deleted meanwhile is removed again.
 */
export async function rewrapFiles(
  db: Executor,
  storage: FileStorage,
  sealer: Sealer,
  batchSize: number,
  progress: Progress,
): Promise<{ rewrapped: number }> {
  let rewrapped = 0;
  for await (const batch of evidenceBatches(db, batchSize)) {
    let done = 0;
    for (const { key } of batch) {
      let data: Buffer;
      try {
        data = await storage.get(key);
      } catch (error) {
        if (isMissingObject(error)) continue;
        throw error;
      }
      if (sealedKeyId(data) === sealer.currentKeyId) continue;
      await storage.put(key, sealer.rewrap(data, sealedFiles.evidence.purpose));
      if (!(await isFileNamed(db, key))) await storage.delete(key);
      else done += 1;
    }
    rewrapped += done;
    progress('evidence files', done);
  }
  return { rewrapped };
}

export type KeyUsage = { where: string; keyId: string; count: number };

/** Every sealed value and file, counted by the key that wraps it: the full scan. */
export async function scanKeyUsage(
  db: Executor,
  storage: FileStorage,
  batchSize: number,
): Promise<KeyUsage[]> {
  const usage: KeyUsage[] = [];
  for (const entry of Object.values(sealedColumns) as SealedColumn[]) {
    const keyId: SQL = sql`convert_from(${keyIdOf(entry.column)}, 'UTF8')`;
    const rows = rowsOf<{ key_id: string; count: number }>(
      await db.execute(
        sql`select ${keyId} as key_id, count(*)::int as count from ${entry.column.table}
            where ${entry.column} is not null group by 1`,
      ),
    );
    for (const row of rows) {
      usage.push({ where: columnName(entry), keyId: row.key_id, count: Number(row.count) });
    }
  }
  const files = new Map<string, number>();
  for await (const batch of evidenceBatches(db, batchSize)) {
    for (const { key } of batch) {
      const data = await storage.get(key).catch((error: unknown) => {
        if (isMissingObject(error)) return null;
        throw error;
      });
      const keyId = data ? sealedKeyId(data) : null;
      if (keyId !== null) files.set(keyId, (files.get(keyId) ?? 0) + 1);
    }
  }
  for (const [keyId, count] of files) usage.push({ where: 'evidence files', keyId, count });
  return usage;
}
