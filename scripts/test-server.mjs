// Runs the server tests on embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const runs = [{ label: 'PGlite (embedded)', env: { TEST_DATABASE_URL: '' } }];
if (process.env.TEST_DATABASE_URL) {
  runs.push({ label: 'PostgreSQL (TEST_DATABASE_URL)', env: {} });
}

for (const run of runs) {
  console.log(`\n=== Server tests on ${run.label} ===\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--root', 'apps/server'], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
