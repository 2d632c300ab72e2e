// Runs the server tests on embedded PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too.
// The two runs share nothing (PGlite lives in its process; with Redis, each run has its own
// database number), so they run side by side: each is one worker, waiting on its database as
// often as on the CPU. Each run's output is printed whole when it ends, then its result.
import { spawn } from 'node:child_process';

/** The same Redis server, another database number: counters of one run never meet the other's. */
function otherRedisDatabase(url) {
  const parsed = new URL(url);
  const current = Number(parsed.pathname.replace('/', '') || '0');
  parsed.pathname = `/${(current + 1) % 16}`;
  return parsed.toString();
}

const runs = [
  {
    label: 'PGlite (embedded)',
    env: {
      TEST_DATABASE_URL: '',
      ...(process.env.TEST_REDIS_URL
        ? { TEST_REDIS_URL: otherRedisDatabase(process.env.TEST_REDIS_URL) }
        : {}),
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  runs.push({ label: 'PostgreSQL (TEST_DATABASE_URL)', env: {} });
}

function start(run) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--root', 'apps/server'], {
      env: { ...process.env, ...run.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== Server tests on ${run.label} ===\n`);
      process.stdout.write(Buffer.concat(output));
      console.log(`\n=== ${run.label}: ${code === 0 ? 'passed' : `failed (exit ${code})`} ===\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(runs.map(start));
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
