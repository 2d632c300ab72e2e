// Login answers must not tell an unknown username from a wrong password by their timing
// (DESIGN.md 6). Measures both over the real app on a throwaway embedded database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { resolveSecrets } from '../apps/server/src/lib/secrets';
import { createLocalStorage } from '../apps/server/src/lib/storage';
import { percentile, recordResult } from './support/results';

const rounds = Number(process.env.ROUNDS ?? 200);
const dataDir = mkdtempSync(path.join(tmpdir(), 'candor-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
});
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const app = await buildApp(config, {
  database,
  secrets: resolveSecrets(config, () => {}),
  storage: createLocalStorage(path.join(dataDir, 'uploads')),
  logger: pino({ level: 'silent' }),
});
await app.ready();

const username = `timing_${Date.now()}`;
await app.inject({
  method: 'POST',
  url: '/api/accounts/register/',
  payload: { username, password: 'the-right-passphrase', email: '' },
});

async function time(payload: object) {
  const start = process.hrtime.bigint();
  const response = await app.inject({ method: 'POST', url: '/api/accounts/login/', payload });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (response.statusCode !== 401) throw new Error(`expected 401, got ${response.statusCode}`);
  return ms;
}

const wrongPassword: number[] = [];
const unknownUser: number[] = [];
for (let i = 0; i < rounds; i += 1) {
  // Interleaved so drift of the machine affects both equally.
  wrongPassword.push(await time({ username, password: `wrong-${i}-passphrase` }));
  unknownUser.push(
    await time({ username: `nobody_${i}_${Date.now()}`, password: `wrong-${i}-passphrase` }),
  );
}

const rows = [
  ['wrong password', wrongPassword],
  ['unknown username', unknownUser],
] as const;
const lines = rows.map(
  ([label, samples]) =>
    `| ${label} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${rounds} |`,
);
const table = ['| login attempt | p50 ms | p95 ms | samples |', '|---|---|---|---|', ...lines].join(
  '\n',
);
console.log(table);
await recordResult('Login timing (unknown username vs wrong password)', table);
await app.close();
await database.close();
