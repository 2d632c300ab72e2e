import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that need a PostgreSQL server run only when TEST_DATABASE_URL is set: several server
 * processes sharing one database, or cutting a server connection. PGlite belongs to a single
 * process, so on PGlite they do not apply; they are left out and named, rather than skipped.
 */
const postgresOnly = ['src/**/*.multiprocess.test.ts', 'src/**/*.postgres.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info(
    `Not applicable on PGlite, left out (set TEST_DATABASE_URL to run them): ${postgresOnly.join(', ')}`,
  );
}
/** Shared counters need a Redis server: TEST_REDIS_URL (.ci/run sets it). */
const redisOnly = ['src/**/*.redis.test.ts'];
const withRedis = Boolean(process.env.TEST_REDIS_URL);
if (!withRedis) {
  console.info(
    `No Redis given, left out (set TEST_REDIS_URL to run them): ${redisOnly.join(', ')}`,
  );
}

/**
 * One worker, modules shared between files: every file uses the same database for the run
 * (creating a PGlite database costs seconds), and each test creates its own data.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(onPostgres ? [] : postgresOnly),
      ...(withRedis ? [] : redisOnly),
    ],
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
