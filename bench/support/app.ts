import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type DatabaseHandle, openDatabase } from '../../apps/server/src/db/client';
import { resolveSecrets } from '../../apps/server/src/lib/secrets';
import { createLocalStorage } from '../../apps/server/src/lib/storage';
import { setUpProcess } from '../../apps/server/src/process-setup';
import { recreateDatabase } from './database';

/**
 * The real app, silent, on a migrated database (`databaseUrl`, or embedded PGlite in memory) with
 * its files in a throwaway folder. `env` adds to the configuration.
 */
export async function startBenchApp(options: {
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Called before the app is ready, to add routes a bench compares against. */
  extend?: (app: Awaited<ReturnType<typeof buildApp>>, database: DatabaseHandle) => void;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = await openDatabase({ url: options.databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  // The bench is the process here, as main.ts is for a server: it sizes the media pool.
  setUpProcess(config);
  const app = await buildApp(config, {
    database,
    secrets: resolveSecrets(config, () => {}),
    storage: createLocalStorage(path.join(dataDir, 'uploads')),
    logger: pino({ level: 'silent' }),
  });
  options.extend?.(app, database);
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The bench app on the database BENCH_DATABASE_URL names (default: the local server's
 * `candor_bench`), recreated empty first, or with BENCH_DATABASE_URL=embedded on PGlite. `driver`
 * says which, for the results.
 */
export async function startBenchAppOnRequestedDatabase() {
  const requested =
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/candor_bench';
  const embedded = requested === 'embedded';
  if (!embedded) await recreateDatabase(requested);
  const bench = await startBenchApp({ databaseUrl: embedded ? undefined : requested });
  return { ...bench, driver: embedded ? 'PGlite (embedded)' : 'PostgreSQL 15' };
}
