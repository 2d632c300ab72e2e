import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { uniqueName } from '../../../test/factories';
import { httpClient } from '../../../test/http-client';
import { multipart } from '../../../test/reports';
import { ownServerEnv, type ServerProcess, startServerProcess } from '../../../test/server-process';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { reports } from '../../db/schema';
import { createLocalStorage, type FileStorage } from '../../lib/storage';
import { removeOrphanEvidence } from './evidence-cleanup';

// A real server process is killed with SIGKILL while a report with a file is being filed; then
// the database and the storage must agree. On the embedded database the process has its own
// data folder, opened here once it is dead; on PostgreSQL it shares the run's database.

let t: TestApp;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  t = await getTestApp();
});

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
});

const photo = readFileSync(
  path.resolve(import.meta.dirname, '../../../test/fixtures/evidence/photo-gps.jpg'),
);

/** Sends a report upload over a raw socket: all of it, or only its first `cutAt` bytes. */
async function sendUpload(server: ServerProcess, token: string, title: string, cutAt?: number) {
  const body = await multipart(
    { title, description: 'Filed while the server dies.' },
    { name: 'photo.jpg', type: 'image/jpeg', data: photo },
  );
  const url = new URL(server.httpBase);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/reports/ HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
  );
  socket.write(cutAt === undefined ? body.payload : body.payload.subarray(0, cutAt));
  return socket;
}

/** The raw answer, once the server has sent it and closed or been killed. */
function readAnswer(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (/\r\n\r\n/.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
}

/** Resolves as soon as the storage holds more files than `before`. */
async function untilStored(storage: FileStorage, before: number, settled: () => boolean) {
  for (;;) {
    let count = 0;
    for await (const object of storage.list()) if (!object.key.endsWith('.partial')) count += 1;
    if (count > before || settled()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function storedKeys(storage: FileStorage) {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}

describe('a server killed in the middle of an upload', { timeout: 300_000 }, () => {
  it('leaves the database and the storage in agreement once orphans are swept', async () => {
    const env = serverEnv();
    const storage = createLocalStorage(path.join(env.DATA_DIR as string, 'uploads'));

    const server = await startServerProcess(env);
    running.add(server);
    const client = httpClient(server.httpBase);
    const name = uniqueName('crash');
    await client.register(name, 'a-passphrase-for-crashing');
    const token = (await client.login(name, 'a-passphrase-for-crashing'))?.access as string;
    const titles = ['answered', 'mid-body', 'file-stored'].map((moment) => `${name} ${moment}`);
    const [answeredTitle, midBodyTitle, storedTitle] = titles as [string, string, string];

    // One report is answered before the crash: it must survive whole.
    const answered = await sendUpload(server, token, answeredTitle);
    expect(await readAnswer(answered)).toMatch(/^HTTP\/1\.1 201/);
    const before = (await storedKeys(storage)).filter((key) => !key.endsWith('.partial')).length;
    // One is cut off halfway through its body, one is killed as soon as its file is stored
    // (before or after its row commits: either must end in agreement).
    const midBody = await sendUpload(server, token, midBodyTitle, Math.floor(photo.length / 2));
    const stored = await sendUpload(server, token, storedTitle);
    const storedAnswer = readAnswer(stored);
    let isAnswered = false;
    void storedAnswer.then(() => {
      isAnswered = true;
    });
    await untilStored(storage, before, () => isAnswered);
    await server.kill();
    running.delete(server);
    midBody.destroy();
    stored.destroy();

    const database = await openChildDatabase(env);
    try {
      const rows = await database.db
        .select({ title: reports.title, key: reports.evidenceKey })
        .from(reports)
        .where(inArray(reports.title, titles));
      const answeredRow = rows.find((row) => row.title === answeredTitle);
      expect(answeredRow?.key).toBeTruthy();
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
