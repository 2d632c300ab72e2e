import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { finishedKeys, readAnswer, sendUpload, serverWithFiler } from '../../../test/crash-upload';
import { openLockHolder, untilLockWaiters, untilNoLockWaiters } from '../../../test/pg-locks';
import { type ServerProcess, sharedServerEnv } from '../../../test/server-process';
import { reports } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { removeOrphanEvidence } from './evidence-cleanup';

// The two moments around a report's commit, each forced rather than left to a race: a server
// process is killed with SIGKILL once the report's file is stored while its row waits on a lock
// this test holds, and once its row has committed. Either way the database and the storage must
// agree: no row without its file, and after the sweep no file without its row.

let t: TestApp;
let holder: pg.Client;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  t = await getTestApp();
  holder = await openLockHolder(process.env.TEST_DATABASE_URL as string);
});

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  await holder.end();
});

/** A server process on the run's database, with its own upload folder, and a signed-in filer. */
async function startFiling() {
  const env = sharedServerEnv(t.config, process.env.TEST_DATABASE_URL as string);
  // No scheduled job of its own may wait on the lock in place of the report.
  env.SCHEDULER_TICK_SECONDS = '0';
  const { server, storage, token, name } = await serverWithFiler(env, running);
  return { server, storage, token, title: `${name} report` };
}

async function kill(server: ServerProcess) {
  await server.kill();
  running.delete(server);
}

async function rowsTitled(title: string) {
  return t.database.db
    .select({ key: reports.evidenceKey })
    .from(reports)
    .where(eq(reports.title, title));
}

/** After the sweep, every file left in `storage` belongs to a report. */
async function expectNoOrphans(storage: FileStorage) {
  await removeOrphanEvidence({ db: t.database.db, storage }, { minAgeMs: 0 });
  const remaining = await finishedKeys(storage);
  const referenced = await Promise.all(
    remaining.map(
      async (key) =>
        (await t.database.db.select().from(reports).where(eq(reports.evidenceKey, key))).length,
    ),
  );
  expect(referenced.every((count) => count === 1)).toBe(true);
}

describe('a server killed around a report’s commit', { timeout: 300_000 }, () => {
  it('after its file is stored and before its row commits: no row, and the sweep takes the file', async () => {
    const { server, storage, token, title } = await startFiling();
    const before = (await finishedKeys(storage)).length;
    // Reads go on; the report's insert waits on this lock. The file is stored before the insert.
    await holder.query('begin');
    await holder.query('lock table reports in share mode');
    try {
      const upload = await sendUpload(server, token, title);
      const answer = readAnswer(upload);
      await untilLockWaiters(holder, 1);
      expect(await finishedKeys(storage)).toHaveLength(before + 1);
      await kill(server);
      upload.destroy();
      expect(await answer).toBe('');
      // The database cancels the statement of a process that is gone before the lock is let go:
      // a report is never committed once nobody is there to answer its filer (db/client.ts).
      await untilNoLockWaiters(holder);
    } finally {
      await holder.query('rollback');
    }
    expect(await rowsTitled(title)).toEqual([]);
    await expectNoOrphans(storage);
    expect(await finishedKeys(storage)).toHaveLength(before);
  });

  it('once its row has committed: the report keeps its file, before and after the sweep', async () => {
    const { server, storage, token, title } = await startFiling();
    const upload = await sendUpload(server, token, title);
    // The row is read from the database, as it is committed, whatever the answer is doing.
    let rows = await rowsTitled(title);
    while (rows.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      rows = await rowsTitled(title);
    }
    await kill(server);
    upload.destroy();
    const key = rows[0]?.key as string;
    expect(await finishedKeys(storage)).toContain(key);
    await expectNoOrphans(storage);
    expect(await finishedKeys(storage)).toContain(key);
  });
});
