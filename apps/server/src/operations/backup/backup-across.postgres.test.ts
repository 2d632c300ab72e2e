import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectServed, fileSomeReports, SUPERUSER, serverEnvIn } from '../../../test/backup-site';
import { newFolder, runCommand, scratchDatabases } from '../../../test/cli-process';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';

// Moving between the embedded database and a PostgreSQL server through a backup: an embedded
// site's archive restores into a server's database, and that database's archive back into a
// new embedded folder. Needs a PostgreSQL server, so it runs with TEST_DATABASE_URL only.

const databases = scratchDatabases(process.env.TEST_DATABASE_URL as string);
const running = new Set<ServerProcess>();
const PASSPHRASE = 'correct horse battery staple';

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  await databases.dropAll();
});

async function serve<T>(env: Record<string, string>, work: (server: ServerProcess) => Promise<T>) {
  const server = await startServerProcess(env);
  running.add(server);
  try {
    return await work(server);
  } finally {
    await server.stop();
    running.delete(server);
  }
}

async function backUp(env: Record<string, string>, out: string) {
  const result = await runCommand('backup', ['--out', out, '--include-keys'], {
    ...env,
    BACKUP_PASSPHRASE: PASSPHRASE,
  });
  expect(result.code, result.output).toBe(0);
}

async function restore(env: Record<string, string>, file: string) {
  const result = await runCommand('restore', [file], { ...env, BACKUP_PASSPHRASE: PASSPHRASE });
  expect(result.code, result.output).toBe(0);
}

describe('backups across databases', { timeout: 400_000 }, () => {
  it('moves an embedded site to PostgreSQL and back with everything intact', async () => {
    const archives = newFolder('across');
    const embedded = {
      ...serverEnvIn(newFolder('embedded')),
      SUPERUSER_USERNAME: SUPERUSER.username,
      SUPERUSER_PASSWORD: SUPERUSER.password,
    };
    const filed = await serve(embedded, fileSomeReports);
    await backUp(embedded, path.join(archives, 'embedded.tar.gz.age'));

    const server = serverEnvIn(newFolder('on-server'), await databases.create('across'));
    await restore(server, path.join(archives, 'embedded.tar.gz.age'));
    await serve(server, (process) => expectServed(process, filed, false));

    await backUp(server, path.join(archives, 'server.tar.gz.age'));
    const back = serverEnvIn(newFolder('back'));
    await restore(back, path.join(archives, 'server.tar.gz.age'));
    await serve(back, (process) => expectServed(process, filed));
  });
});
