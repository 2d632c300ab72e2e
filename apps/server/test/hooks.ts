import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { buildTestApp, captureLogs, getTestApp, type LogCapture, type TestApp } from './app';
import { createSuperuser, type TestUser } from './factories';
import { listenLocally } from './live';
import { type ServerProcess, sharedServerEnv, startServerProcess } from './server-process';
import { openThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

/*
 * A test file's set-up in one line each: every helper registers its hooks and answers an object
 * that is filled in before the file's first test runs (hooks run in the order they are made).
 */

/** The app most tests share (built once per run). */
export function useTestApp(): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await getTestApp());
  });
  return t;
}

/** An app of the file's own, built before its tests and closed after them. */
export function useOwnApp(): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp());
  });
  afterAll(async () => {
    await t.app?.close();
  });
  return t;
}

/** An app of the file's own, listening locally: `base` is its ws:// address. */
export function useListeningApp(): TestApp & { base: string } {
  const t = useOwnApp() as TestApp & { base: string };
  beforeAll(async () => {
    t.base = await listenLocally(t.app);
  });
  return t;
}

/** A superuser made on `t` for the file. */
export function useSuperuser(t: TestApp): TestUser {
  const superuser = {} as TestUser;
  beforeAll(async () => {
    Object.assign(superuser, await createSuperuser(t));
  });
  return superuser;
}

/**
 * Two real server processes on the run's PostgreSQL database beside `t` (which has reset and
 * migrated it, so they find it ready), stopped after the file's tests.
 */
export function useServerProcesses(
  t: TestApp,
  databaseUrl: string,
): [ServerProcess, ServerProcess] {
  const servers: [ServerProcess, ServerProcess] = [{} as ServerProcess, {} as ServerProcess];
  beforeAll(async () => {
    const started = await Promise.all(
      servers.map(() => startServerProcess(sharedServerEnv(t.config, databaseUrl))),
    );
    for (const [index, server] of started.entries()) {
      Object.assign(servers[index] as ServerProcess, server);
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop?.()));
  });
  return servers;
}

/**
 * App instances counting in the Redis of TEST_REDIS_URL, as server processes would: each call
 * builds one with `env` and waits for its Redis connection; all are closed after the file's tests.
 */
export function useRedisInstances(): (env: Record<string, string>) => Promise<TestApp> {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((built) => built.app.close()));
  });
  return async (env) => {
    const built = await buildTestApp({
      env: { REDIS_URL: process.env.TEST_REDIS_URL as string, ...env },
    });
    apps.push(built);
    const redis = built.app.ctx.redis;
    if (redis && redis.status !== 'ready') await once(redis, 'ready');
    return built;
  };
}

/**
 * An app of the file's own on a throwaway database (`prepare` runs on it first), its log lines
 * captured in `capture` and its files in a folder of its own (`dataDir`, named from `prefix`):
 * what the log reader and whoever reads the disk would see. All removed after the file's tests.
 */
export function useWatchedApp(
  prefix: string,
  prepare?: (database: DatabaseHandle) => Promise<void>,
): { t: TestApp; capture: LogCapture; dataDir: string } {
  const t = {} as TestApp;
  const capture = {} as LogCapture;
  let throwaway: ThrowawayDatabase | undefined;
  let dataDir = '';
  beforeAll(async () => {
    throwaway = await openThrowawayDatabase();
    await prepare?.(throwaway.database);
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const logs = captureLogs();
    Object.assign(capture, logs.capture);
    Object.assign(
      t,
      await buildTestApp({
        database: throwaway.database,
        logger: logs.logger,
        env: { DATA_DIR: dataDir },
      }),
    );
  });
  afterAll(async () => {
    await t.app?.close();
    await throwaway?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    t,
    capture,
    get dataDir() {
      return dataDir;
    },
  };
}
