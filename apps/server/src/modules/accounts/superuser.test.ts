import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { uniqueName } from '../../../test/factories';
import { httpClient, isSuperuserToken } from '../../../test/http-client';
import { ownServerEnv, type ServerProcess, startServerProcess } from '../../../test/server-process';

/** Each test starts real server processes, several seconds each on the embedded database. */
const PROCESS_TEST_TIMEOUT = 180_000;

// Real server processes, each with a data folder of its own (its own embedded database, or the
// run's PostgreSQL server): the start-up bootstrap only runs in main.ts.

let t: TestApp;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  t = await getTestApp();
});

afterAll(async () => {
  await Promise.all([...running].map((server) => server.stop()));
});

function serverEnv() {
  const env = ownServerEnv(t.config);
  if (t.database.driver === 'postgres') env.DATABASE_URL = process.env.TEST_DATABASE_URL as string;
  return env;
}

async function start(env: Record<string, string>) {
  const server = await startServerProcess(env);
  running.add(server);
  return server;
}

async function stop(server: ServerProcess) {
  await server.stop();
  running.delete(server);
}

const OWNER_PASSWORD = 'the-operators-passphrase';
const SQUATTER_PASSWORD = 'a-squatters-passphrase';

describe('the superuser named at start (SUPERUSER_USERNAME)', {
  timeout: PROCESS_TEST_TIMEOUT,
}, () => {
  it('is created when missing and confirmed later, its password left alone', async () => {
    const env = serverEnv();
    const name = uniqueName('boss');
    const bootstrap = { SUPERUSER_USERNAME: name, SUPERUSER_PASSWORD: OWNER_PASSWORD };
    let server = await start({ ...env, ...bootstrap });
    expect(isSuperuserToken(await httpClient(server.httpBase).login(name, OWNER_PASSWORD))).toBe(
      true,
    );
    await stop(server);
    server = await start({ ...env, ...bootstrap, SUPERUSER_PASSWORD: 'another-passphrase-9' });
    const client = httpClient(server.httpBase);
    expect(isSuperuserToken(await client.login(name, OWNER_PASSWORD))).toBe(true);
    expect(await client.login(name, 'another-passphrase-9')).toBeNull();
    expect(server.output()).toContain(`Superuser \\"${name}\\" is present`);
    await stop(server);
  });

  it('never promotes an existing account of that name: it logs an error and changes nothing', async () => {
    const env = serverEnv();
    const name = uniqueName('early');
    let server = await start(env);
    expect((await httpClient(server.httpBase).register(name, SQUATTER_PASSWORD)).status).toBe(201);
    await stop(server);

    // Matching ignores case, as logging in does.
    server = await start({
      ...env,
      SUPERUSER_USERNAME: name.toUpperCase(),
      SUPERUSER_PASSWORD: OWNER_PASSWORD,
    });
    const client = httpClient(server.httpBase);
    const squatter = await client.login(name, SQUATTER_PASSWORD);
    expect(squatter).not.toBeNull();
    expect(isSuperuserToken(squatter)).toBe(false);
    expect(await client.login(name, OWNER_PASSWORD)).toBeNull();
    const errorLine = server
      .output()
      .split('\n')
      .find((line) => line.includes('"level":50') && line.includes('SUPERUSER_USERNAME'));
    expect(errorLine).toContain('not a superuser');
    expect(errorLine).toContain('create-superuser');
    await stop(server);
  });

  it('keeps its name from being registered or taken by a rename once the superuser renamed itself', async () => {
    const env = serverEnv();
    const name = uniqueName('chief');
    const bootstrap = { SUPERUSER_USERNAME: name, SUPERUSER_PASSWORD: OWNER_PASSWORD };
    let server = await start({ ...env, ...bootstrap });
    let client = httpClient(server.httpBase);
    const owner = await client.login(name, OWNER_PASSWORD);
    expect((await client.rename(owner?.access as string, `${name}_renamed`)).status).toBe(200);

    const taken = { username: ['A user with that username already exists.'] };
    const registered = await client.register(name.toUpperCase(), SQUATTER_PASSWORD);
    expect(registered).toEqual({ status: 400, body: taken });
    const other = uniqueName('other');
    expect((await client.register(other, SQUATTER_PASSWORD)).status).toBe(201);
    const otherTokens = await client.login(other, SQUATTER_PASSWORD);
    expect(await client.rename(otherTokens?.access as string, name)).toEqual({
      status: 400,
      body: taken,
    });
    await stop(server);

    // The next start creates a fresh superuser under the configured name, for the operator only.
    server = await start({ ...env, ...bootstrap });
    client = httpClient(server.httpBase);
    expect(isSuperuserToken(await client.login(name, SQUATTER_PASSWORD))).toBe(false);
    expect(isSuperuserToken(await client.login(name, OWNER_PASSWORD))).toBe(true);
    await stop(server);
  });
});

describe('npm run create-superuser', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  const runCommand = (env: Record<string, string>, args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/create-superuser.ts', ...args],
        {
          cwd: path.resolve(import.meta.dirname, '../../../../..'),
          env: { PATH: process.env.PATH ?? '', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('promotes an existing account only when asked, replacing its password and ending its sessions', async () => {
    const env = serverEnv();
    const name = uniqueName('member');
    const server = await start(env);
    const client = httpClient(server.httpBase);
    await client.register(name, SQUATTER_PASSWORD);
    const session = await client.login(name, SQUATTER_PASSWORD);
    await stop(server);

    const withPassword = { ...env, SUPERUSER_PASSWORD: OWNER_PASSWORD };
    const refused = await runCommand(withPassword, ['--username', name]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('run the command again with --promote');
    const promoted = await runCommand(withPassword, ['--username', name, '--promote']);
    expect(promoted).toMatchObject({ code: 0 });
    expect(promoted.output).toContain(`"${name}" is the superuser now`);

    const after = await start(env);
    const afterClient = httpClient(after.httpBase);
    expect(await afterClient.login(name, SQUATTER_PASSWORD)).toBeNull();
    expect(isSuperuserToken(await afterClient.login(name, OWNER_PASSWORD))).toBe(true);
    const refresh = await afterClient.send('POST', '/api/accounts/token/refresh/', {
      refresh: session?.refresh,
    });
    expect(refresh.status).toBe(401);
    await stop(after);
  });
});
