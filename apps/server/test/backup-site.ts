import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { newFolder, scratchDatabases } from './cli-process';
import { uniqueName } from './factories';
import { httpClient } from './http-client';
import { multipart, type UploadFile } from './reports';
import { processEnvIn, type ServerProcess, startServerProcess } from './server-process';

/** What the backup tests file on a real server and expect back after a restore. */
export const SUPERUSER = { username: uniqueName('root'), password: 'superuser-password-1' };

const photo = readFileSync(path.resolve(import.meta.dirname, 'fixtures/evidence/photo-gps.jpg'));

/**
 * A server's environment: its own data folder, keys generated into it, and on PostgreSQL
 * (`databaseUrl`) its own database.
 */
export function serverEnvIn(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    ...processEnvIn(dataDir),
    EVIDENCE_SWEEP_INTERVAL_MINUTES: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** The passphrase the backup tests seal an archive's keys with. */
export const PASSPHRASE = 'correct horse battery staple';

/**
 * The sites of one test file: each in its own data folder and, on PostgreSQL
 * (TEST_DATABASE_URL), its own database beside the test one. Servers still running and those
 * databases are cleaned up after the file's tests.
 */
export function backupSites() {
  const testUrl = process.env.TEST_DATABASE_URL || undefined;
  const databases = testUrl ? scratchDatabases(testUrl) : null;
  const running = new Set<ServerProcess>();
  afterAll(async () => {
    await Promise.all([...running].map((server) => server.kill()));
    await databases?.dropAll();
  });
  return {
    /** On PGlite the server holds its data folder: a backup needs it stopped. */
    isEmbedded: databases === null,
    /** A new site's environment; `extra` adds to it (a bucket, say). */
    async env(label: string, extra: Record<string, string> = {}) {
      const databaseUrl = databases ? await databases.create(label) : undefined;
      return { ...serverEnvIn(newFolder(label), databaseUrl), ...extra };
    },
    async start(env: Record<string, string>) {
      const server = await startServerProcess(env);
      running.add(server);
      return server;
    },
    async stop(server: ServerProcess) {
      await server.stop();
      running.delete(server);
    },
  };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export type Filed = {
  reporter: { username: string; password: string };
  reports: {
    id: number;
    token: string;
    title: string;
    description: string;
    /** Of the file as served when filed; null for a report without one. */
    evidenceSha256: string | null;
  }[];
  messages: Record<number, string[]>;
};

async function fetchJson(base: string, url: string, token: string) {
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, url).toBe(200);
  return response.json();
}

async function download(base: string, link: string) {
  const response = await fetch(link.startsWith('http') ? link : `${base}${link}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function fileReport(
  base: string,
  token: string,
  fields: Record<string, string>,
  file: UploadFile | undefined = fields.is_anonymous === 'true'
    ? { name: 'photo.jpg', type: 'image/jpeg', data: photo }
    : undefined,
) {
  const body = await multipart(fields, file);
  const response = await fetch(`${base}/api/reports/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; token: string; file_upload: string | null };
}

async function comment(base: string, token: string, id: number, message: string) {
  const response = await fetch(`${base}/api/reports/${id}/comments/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(201);
}

/**
 * A reporter files an anonymous report with a photo and an identified one (with
 * `identifiedEvidence` attached, if given); both sides write.
 */
export async function fileSomeReports(
  server: ServerProcess,
  options: { identifiedEvidence?: UploadFile } = {},
): Promise<Filed> {
  const base = server.httpBase;
  const client = httpClient(base);
  const reporter = { username: uniqueName('reporter'), password: 'reporter-password-1' };
  expect((await client.register(reporter.username, reporter.password)).status).toBe(201);
  const token = (await client.login(reporter.username, reporter.password))?.access as string;
  const admin = (await client.login(SUPERUSER.username, SUPERUSER.password))?.access as string;
  expect(admin).toBeTruthy();

  const anonymous = {
    title: 'Money goes missing',
    description: 'The treasurer moves cash into an account of their own.',
  };
  const identified = { title: 'Broken fire door', description: 'The door on floor 2 is jammed.' };
  const first = await fileReport(base, token, { ...anonymous, is_anonymous: 'true' });
  const second = await fileReport(
    base,
    token,
    { ...identified, is_anonymous: 'false' },
    options.identifiedEvidence,
  );
  await comment(base, token, first.id, 'I can send the bank statements.');
  await comment(base, admin, first.id, 'Thank you: please do.');
  await comment(base, admin, second.id, 'Facilities are on their way.');
  const served = async (report: { file_upload: string | null }) =>
    report.file_upload ? sha256(await download(base, report.file_upload)) : null;
  return {
    reporter,
    reports: [
      { id: first.id, token: first.token, ...anonymous, evidenceSha256: await served(first) },
      { id: second.id, token: second.token, ...identified, evidenceSha256: await served(second) },
    ],
    messages: {
      [first.id]: ['I can send the bank statements.', 'Thank you: please do.'],
      [second.id]: ['Facilities are on their way.'],
    },
  };
}

/** Everything the reporter and the superuser could do before, they can do on `server`. */
export async function expectServed(server: ServerProcess, filed: Filed, isWriting = true) {
  const base = server.httpBase;
  const client = httpClient(base);
  const token = (await client.login(filed.reporter.username, filed.reporter.password))
    ?.access as string;
  expect(token, 'the reporter logs in').toBeTruthy();
  // The anonymous report is found only through the keyed owner hash: the keys came back.
  const mine = (await fetchJson(base, '/api/reports/', token)) as { id: number; title: string }[];
  expect(mine.map((report) => report.id).sort()).toEqual(
    filed.reports.map((report) => report.id).sort(),
  );
  for (const report of filed.reports) {
    const shown = (await fetchJson(base, `/api/reports/${report.id}/`, token)) as {
      token: string;
      title: string;
      description: string;
      file_upload: string | null;
    };
    expect(shown).toMatchObject({
      token: report.token,
      title: report.title,
      description: report.description,
    });
    const thread = (await fetchJson(base, `/api/reports/${report.id}/comments/`, token)) as {
      message: string;
    }[];
    expect(thread.map((message) => message.message)).toEqual(filed.messages[report.id]);
    const evidence = shown.file_upload ? sha256(await download(base, shown.file_upload)) : null;
    expect(evidence, `the file of report ${report.id}`).toBe(report.evidenceSha256);
  }
  const admin = (await client.login(SUPERUSER.username, SUPERUSER.password))?.access as string;
  expect(admin, 'the superuser logs in').toBeTruthy();
  const listed = (await fetchJson(base, '/api/admin/reports/', admin)) as { id: number }[];
  for (const report of filed.reports) expect(listed.map((row) => row.id)).toContain(report.id);
  if (!isWriting) return;
  // New rows take new ids (sequences restored) and the new keys seal them.
  await comment(base, token, filed.reports[0]?.id as number, 'Still here after the restore.');
  await fileReport(base, token, {
    title: 'After',
    description: 'Filed after.',
    is_anonymous: 'true',
  });
}

/** Nothing was left in the data folder: no database, no secrets, no stored file. */
export function expectUntouched(env: Record<string, string>) {
  const dataDir = env.DATA_DIR as string;
  const files = readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
  expect(files).toEqual([]);
  const pglite = path.join(dataDir, 'pglite');
  if (existsSync(pglite)) expect(readdirSync(pglite)).toEqual([]);
}
