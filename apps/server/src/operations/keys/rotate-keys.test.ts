import { describe, expect, it } from 'vitest';
import {
  backupSites,
  expectServed,
  type Filed,
  fileSomeReports,
  SUPERUSER,
} from '../../../test/backup-site';
import { runCommand } from '../../../test/cli-process';
import { httpClient } from '../../../test/http-client';
import { databaseKeyCounts, fileKeyCounts, secretsKeyIds } from '../../../test/key-usage';
import type { ServerProcess } from '../../../test/server-process';

// Key rotation as an operator runs it, with keys in secrets.json: a real server files reports,
// messages, notifications, a contact message and a token rotation (every sealed column has
// values), then `npm run rotate-keys` is killed after its first batch, the server serves the
// half-rotated data, a second run finishes and retires the old key, and the server serves
// everything with the new key alone.

const sites = backupSites();

async function serve<T>(env: Record<string, string>, work: (server: ServerProcess) => Promise<T>) {
  const server = await sites.start(env);
  try {
    return await work(server);
  } finally {
    await sites.stop(server);
  }
}

/** Fills the sealed columns the report journey leaves empty: a token rotation, a contact message. */
async function fillOtherSealedColumns(server: ServerProcess, filed: Filed) {
  const client = httpClient(server.httpBase);
  const tokens = await client.login(filed.reporter.username, filed.reporter.password);
  const refreshed = await client.send('POST', '/api/accounts/token/refresh/', {
    refresh: tokens?.refresh,
  });
  expect(refreshed.status).toBe(200);
  const contact = await client.send('POST', '/api/contact/', {
    name: 'A visitor',
    subject: 'Question',
    message: 'How long do you keep reports?',
  });
  expect(contact.status).toBe(201);
}

describe('npm run rotate-keys', { timeout: 600_000 }, () => {
  it('finishes an interrupted rotation on the next run and retires the old key', async () => {
    const site = {
      ...(await sites.env('rotate')),
      SUPERUSER_USERNAME: SUPERUSER.username,
      SUPERUSER_PASSWORD: SUPERUSER.password,
    };
    const filed = await serve(site, async (server) => {
      const filed = await fileSomeReports(server);
      await fillOtherSealedColumns(server, filed);
      return filed;
    });
    const before = await databaseKeyCounts(site);
    expect(Object.keys(before.counts)).toEqual(['k1']);
    expect(fileKeyCounts(site)).toEqual({ k1: 1 });

    // Killed as a crash would be, right after its first batch was committed.
    const interrupted = await runCommand(
      'rotate-keys',
      ['--batch-size', '1'],
      site,
      /Re-wrapped 1 value/,
    );
    expect(interrupted.signal).toBe('SIGKILL');
    expect(secretsKeyIds(site)).toEqual(['k2', 'k1']);
    const midway = await databaseKeyCounts(site);
    expect(midway.counts.k2).toBeGreaterThan(0);
    expect(midway.counts.k1).toBeGreaterThan(0);
    expect(midway.canaries).toEqual(expect.arrayContaining(['seal:k1', 'seal:k2']));
    // Half-rotated data opens: the server holds both keys.
    await serve(site, (server) => expectServed(server, filed, false));
    // Serving wrote too (opening a report marks its notices read, sealed under the newest key):
    // every value there is now is what the finished rotation must leave under k2.
    const served = await databaseKeyCounts(site);
    expect(served.counts.k1).toBeGreaterThan(0);

    const finished = await runCommand('rotate-keys', ['--batch-size', '2'], site);
    expect(finished.output).toMatch(/under key "k2"; retired: k1 \(removed from secrets\.json\)/);
    expect(finished.code).toBe(0);
    const after = await databaseKeyCounts(site);
    expect(Object.keys(after.counts)).toEqual(['k2']);
    expect(after.counts.k2).toBe((served.counts.k1 ?? 0) + (served.counts.k2 ?? 0));
    expect(after.counts.k2).toBeGreaterThanOrEqual(before.counts.k1 as number);
    expect(after.canaries).toContain('retired:k1');
    expect(after.canaries).not.toContain('seal:k1');
    expect(fileKeyCounts(site)).toEqual({ k2: 1 });
    expect(secretsKeyIds(site)).toEqual(['k2']);
    // With the new key alone: logins, reports, messages, the file, new writes.
    await serve(site, (server) => expectServed(server, filed));

    // The next rotation takes a new id; a retired one is never reused.
    const next = await runCommand('rotate-keys', [], site);
    expect(next.output).toMatch(/Added key "k3"/);
    expect(next.output).toMatch(/retired: k2/);
    expect(secretsKeyIds(site)).toEqual(['k3']);
    expect(Object.keys((await databaseKeyCounts(site)).counts)).toEqual(['k3']);
  });
});
