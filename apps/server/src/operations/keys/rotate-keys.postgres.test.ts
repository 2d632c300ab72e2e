import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectServed, fileSomeReports, SUPERUSER, serverEnvIn } from '../../../test/backup-site';
import { newFolder, runCommand, scratchDatabases } from '../../../test/cli-process';
import { httpClient } from '../../../test/http-client';
import { databaseKeyCounts, fileKeyCounts } from '../../../test/key-usage';
import { track } from '../../../test/pg-locks';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';

// Rotation while servers run, with keys in ENCRYPTION_KEYS as several servers have them: the
// command re-wraps only once every server can open the new key, retires the old one only once
// no server seals with it, and a run concurrent with writes loses none of them.

const databases = scratchDatabases(process.env.TEST_DATABASE_URL as string);
const running = new Set<ServerProcess>();

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  await databases.dropAll();
});

async function start(env: Record<string, string>) {
  const server = await startServerProcess(env);
  running.add(server);
  return server;
}

async function stop(server: ServerProcess) {
  await server.stop();
  running.delete(server);
}

describe('npm run rotate-keys beside running servers', { timeout: 600_000 }, () => {
  it('waits for the servers, keeps every concurrent write, then retires the old key', async () => {
    const k1 = `k1:${randomBytes(32).toString('base64')}`;
    const site = {
      ...serverEnvIn(newFolder('rotate-live'), await databases.create('rotate_live')),
      JWT_SECRET: randomBytes(32).toString('hex'),
      OWNER_HASH_SECRET: randomBytes(32).toString('hex'),
      SUPERUSER_USERNAME: SUPERUSER.username,
      SUPERUSER_PASSWORD: SUPERUSER.password,
    };
    let server = await start({ ...site, ENCRYPTION_KEYS: k1 });
    const filed = await fileSomeReports(server);
    const before = await databaseKeyCounts(site);

    // The key comes from the environment: the command answers one to add there, changing nothing.
    const asked = await runCommand('rotate-keys', [], { ...site, ENCRYPTION_KEYS: k1 });
    expect(asked.code).toBe(0);
    const k2 = /^\s+(k2:[A-Za-z0-9+/=]+)$/m.exec(asked.output)?.[1] as string;
    expect(k2, asked.output).toBeTruthy();
    expect(await databaseKeyCounts(site)).toEqual(before);

    // A server that cannot open k2 yet: nothing is re-wrapped.
    const early = await runCommand('rotate-keys', [], { ...site, ENCRYPTION_KEYS: `${k2},${k1}` });
    expect(early.code).toBe(1);
    expect(early.output).toMatch(/1 running server process\(es\) cannot open key "k2" yet/);
    expect((await databaseKeyCounts(site)).counts).toEqual(before.counts);

    // It knows k2 but still seals with k1: everything is re-wrapped, k1 is not retired.
    await stop(server);
    server = await start({ ...site, ENCRYPTION_KEYS: `${k1},${k2}` });
    const sealing = await runCommand('rotate-keys', [], {
      ...site,
      ENCRYPTION_KEYS: `${k2},${k1}`,
    });
    expect(sealing.code).toBe(1);
    expect(sealing.output).toMatch(/still seals new values with key\(s\) k1/);
    expect((await databaseKeyCounts(site)).canaries).toContain('seal:k1');

    // Every server seals with k2: a run with small batches while a client keeps writing.
    await stop(server);
    server = await start({ ...site, ENCRYPTION_KEYS: `${k2},${k1}` });
    const client = httpClient(server.httpBase);
    const tokens = await client.login(filed.reporter.username, filed.reporter.password);
    const rotation = track(
      runCommand('rotate-keys', ['--batch-size', '1'], { ...site, ENCRYPTION_KEYS: `${k2},${k1}` }),
    );
    const statuses: number[] = [];
    let refresh = tokens?.refresh as string;
    const reportId = filed.reports[0]?.id as number;
    for (let round = 0; round < 200 && !rotation.settled(); round += 1) {
      const refreshed = await client.send('POST', '/api/accounts/token/refresh/', { refresh });
      statuses.push(refreshed.status);
      const next = refreshed.body as { access: string; refresh: string };
      refresh = next.refresh;
      const said = await client.send(
        'POST',
        `/api/reports/${reportId}/comments/`,
        { message: `Written during the rotation, round ${round}.` },
        next.access,
      );
      statuses.push(said.status);
    }
    const done = await rotation.promise;
    expect(done.output).toMatch(/under key "k2"; retired: k1\. Remove them from ENCRYPTION_KEYS/);
    expect(done.code).toBe(0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);

    const after = await databaseKeyCounts(site);
    expect(Object.keys(after.counts)).toEqual(['k2']);
    expect(after.canaries).toEqual(expect.arrayContaining(['retired:k1', 'seal:k2']));
    expect(after.canaries).not.toContain('seal:k1');
    expect(fileKeyCounts(site)).toEqual({ k2: 1 });

    // k1 removed from the servers' keys: every report, message and file still opens.
    await stop(server);
    server = await start({ ...site, ENCRYPTION_KEYS: k2 });
    const reader = httpClient(server.httpBase);
    const access = (await reader.login(filed.reporter.username, filed.reporter.password))?.access;
    const thread = await reader.send(
      'GET',
      `/api/reports/${reportId}/comments/`,
      undefined,
      access,
    );
    expect(thread.status).toBe(200);
    const messages = (thread.body as { message: string }[]).map((row) => row.message);
    const during = messages.filter((message) => message.startsWith('Written during the rotation'));
    expect(during).toHaveLength(statuses.length / 2);
    await expectServed(server, {
      ...filed,
      messages: { ...filed.messages, [reportId]: messages },
    });
    await stop(server);

    // A server configured with the retired key as its current one is refused at start.
    const refused = await startServerProcess({ ...site, ENCRYPTION_KEYS: `${k1},${k2}` }).then(
      async (late) => {
        await late.stop();
        return '';
      },
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/"k1" was retired by rotate-keys/);
  });
});
