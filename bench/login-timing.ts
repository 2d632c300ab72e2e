// Login answers must not tell an unknown username from a wrong password by their timing
// (docs/protection.md "Protecting reporters"). Measures both over the real app on a throwaway embedded database.
import { startBenchApp } from './support/app';
import { percentile, recordResult } from './support/results';

const rounds = Number(process.env.ROUNDS ?? 200);
const { app, close } = await startBenchApp({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  // Hundreds of failed logins from one address: the login limits would answer 429 long before.
  env: {
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '1000000',
  },
});

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
await close();
