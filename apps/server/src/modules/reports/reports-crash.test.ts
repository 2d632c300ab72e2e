import path from 'node:path';
import { inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import {
  crashPhoto,
  readAnswer,
  sendUpload,
  serverWithFiler,
  storedKeys,
} from '../../../test/crash-upload';
import { ownServerEnv, type ServerProcess } from '../../../test/server-process';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { reports } from '../../db/schema';
import { removeOrphanEvidence } from './evidence-cleanup';

// A real server process is killed with SIGKILL while reports with a file are being filed; then
// the database and the storage must agree. On the embedded database the process has its own
// data folder, opened here once it is dead; on PostgreSQL it shares the run's database. The two
// moments around the row's commit (file stored, row not committed; row committed) are forced on
// PostgreSQL, where a lock can hold the insert: reports-crash.postgres.test.ts.

let t: TestApp;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  t = await getTestApp();
});

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
});

describe('a server killed in the middle of an upload', { timeout: 300_000 }, () => {
  it('keeps a report answered before the crash whole, and nothing of one cut off mid-body', async () => {
    const env = serverEnv();
    const { server, storage, token, name } = await serverWithFiler(env, running);
    const titles = ['answered', 'mid-body'].map((moment) => `${name} ${moment}`);
    const [answeredTitle, midBodyTitle] = titles as [string, string];

    // One report is answered before the crash: it must survive whole.
    const answered = await sendUpload(server, token, answeredTitle);
    expect(await readAnswer(answered)).toMatch(/^HTTP\/1\.1 201/);
    // One is cut off halfway through its body: the server waits for the rest when it dies.
    const midBody = await sendUpload(
      server,
      token,
      midBodyTitle,
      Math.floor(crashPhoto.length / 2),
    );
    await server.kill();
    running.delete(server);
    midBody.destroy();

    const database = await openChildDatabase(env);
    try {
      const rows = await database.db
        .select({ title: reports.title, key: reports.evidenceKey })
        .from(reports)
        .where(inArray(reports.title, titles));
      const answeredRow = rows.find((row) => row.title === answeredTitle);
      expect(answeredRow?.key).toBeTruthy();
      expect(rows.map((row) => row.title)).toEqual([answeredTitle]);
      // No row without its file, even before the sweep.
      const stored = new Set(await storedKeys(storage));
      for (const row of rows) expect(stored.has(row.key as string), row.title).toBe(true);

      // After the sweep, no file without its row.
      await removeOrphanEvidence({ db: database.db, storage }, { minAgeMs: 0 });
      const referenced = await database.db
        .select({ key: reports.evidenceKey })
        .from(reports)
        .where(isNotNull(reports.evidenceKey));
      const keys = new Set(referenced.map((row) => row.key));
      const remaining = await storedKeys(storage);
      expect(remaining.filter((key) => !keys.has(key))).toEqual([]);
      for (const row of rows) expect(remaining).toContain(row.key);
    } finally {
      if (database !== t.database) await database.close();
    }
  });
});

function serverEnv() {
  const env = ownServerEnv(t.config);
  if (t.database.driver === 'postgres') env.DATABASE_URL = process.env.TEST_DATABASE_URL as string;
  return env;
}

/** The killed server's database: the run's PostgreSQL, or its own embedded one, reopened. */
async function openChildDatabase(env: Record<string, string>): Promise<DatabaseHandle> {
  if (t.database.driver === 'postgres') return t.database;
  return openDatabase({ dataDir: path.join(env.DATA_DIR as string, 'pglite') });
}
