import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import { createStorage } from '../src/lib/create-storage';
import { createLogger } from '../src/lib/logger';
import { resolveSecrets } from '../src/lib/secrets';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config };

/** Which database this run uses: a PostgreSQL server when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDriver = testDatabaseUrl ? 'postgres' : 'pglite';

const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-test-'));

const baseEnv: Record<string, string> = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
  OWNER_HASH_SECRET: 'test-owner-hash-secret-long-enough-0123456789',
  ENCRYPTION_KEYS: `t1:${Buffer.alloc(32, 7).toString('base64')}`,
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  RATE_LIMIT_WRITE_PER_MINUTE: '100000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  // Tests sweep and run scheduled jobs when they mean to.
  EVIDENCE_SWEEP_INTERVAL_MINUTES: '0',
  RETENTION_PURGE_INTERVAL_MINUTES: '0',
  DEADLINE_REMINDER_INTERVAL_MINUTES: '0',
  SCHEDULER_TICK_SECONDS: '0',
  OWNER_QUEUE_SECONDS: '0',
  // The audit check links pending rows itself; tests that mean the chainer run it.
  AUDIT_CHAIN_MS: '0',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '100000',
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '100000',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  // Reports without an account: a light proof of work, and limits tests lower when they mean to.
  INTAKE_PROOF_OF_WORK: '200',
  INTAKE_REPORTS_PER_ADDRESS_PER_HOUR: '100000',
  INTAKE_REPORTS_PER_ORGANIZATION_PER_HOUR: '100000',
  TRACK_FAILURES_PER_ADDRESS_PER_HOUR: '100000',
  TRACK_FAILURES_PER_HOUR: '100000',
  VOICE_PREVIEWS_PER_ADDRESS_PER_HOUR: '100000',
};

let sharedDatabase: Promise<DatabaseHandle> | undefined;

async function createDatabase(): Promise<DatabaseHandle> {
  const database = await openDatabase({ url: testDatabaseUrl, dataDir: 'memory://' });
  if (testDatabaseUrl) {
    // A clean schema for each run on the server.
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await database.migrate();
  return database;
}

/** A second handle on the run's PostgreSQL database: its own pool, as another process has. */
export async function openSecondHandle(): Promise<DatabaseHandle> {
  if (!testDatabaseUrl) throw new Error('a second handle needs TEST_DATABASE_URL');
  await getTestDatabase();
  return openDatabase({ url: testDatabaseUrl });
}

/** The run's one database, migrated once. */
export function getTestDatabase(): Promise<DatabaseHandle> {
  sharedDatabase ??= createDatabase();
  return sharedDatabase;
}

export type LogCapture = { lines: string[]; text(): string };

export function captureLogs(): { capture: LogCapture; logger: pino.Logger } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return {
    capture: { lines, text: () => lines.join('') },
    // The production logger (its error serializer included), writing to memory.
    logger: createLogger('trace', stream),
  };
}

/** A new app on the shared database; `env` overrides configuration, `logger` captures logs. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    logger?: pino.Logger;
    clock?: Clock;
    /** Another handle on the same database (a second server process on PostgreSQL). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ ...baseEnv, ...options.env });
  const database = options.database ?? (await getTestDatabase());
  const app = await buildApp(config, {
    database,
    secrets: resolveSecrets(config, () => {}),
    storage: await createStorage(config),
    logger: options.logger ?? pino({ level: 'silent' }),
    clock: options.clock,
    verifyResponses: true,
  });
  await app.ready();
  return { app, database, config };
}

/**
 * Builds an app with the given (low) limits, sends `attempts` requests through it one after
 * another and answers their status codes.
 */
export async function statusesUnderLimit(
  env: Record<string, string>,
  attempts: number,
  send: (limited: TestApp) => Promise<{ statusCode: number }>,
): Promise<number[]> {
  const limited = await buildTestApp({ env });
  try {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      statuses.push((await send(limited)).statusCode);
    }
    return statuses;
  } finally {
    await limited.app.close();
  }
}

let sharedApp: Promise<TestApp> | undefined;

/** The app most tests share (built once per run). */
export function getTestApp(): Promise<TestApp> {
  sharedApp ??= buildTestApp();
  return sharedApp;
}
