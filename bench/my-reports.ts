// My Reports for reporters with few and many anonymous reports, among many other reports.
// Anonymous reports are found through the owner's sealed index (one row), then by id: the cost
// should follow the reporter's own count, not the table's. Runs against BENCH_DATABASE_URL
// (default: the local server's `candor_bench` database, recreated) or, with
// BENCH_DATABASE_URL=embedded, PGlite.
import { sql } from 'drizzle-orm';
import { ownerTagOf, updateOwnerIndex } from '../apps/server/src/modules/owners/owner-index';
import { startBenchAppOnRequestedDatabase } from './support/app';
import { percentile, recordResult } from './support/results';

const OTHER_REPORTS = Number(process.env.REPORTS ?? 50_000);
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const OWN_COUNTS = [1, 10, 100, 1000];
const { app, database, close, driver } = await startBenchAppOnRequestedDatabase();
const { ctx } = app;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const description = ctx.sealer.seal('A description of what happened.', 'report.description');

console.log(`seeding ${OTHER_REPORTS} reports of other people...`);
for (let start = 0; start < OTHER_REPORTS; start += 5_000) {
  const rows = Array.from({ length: Math.min(5_000, OTHER_REPORTS - start) }, (_, i) => {
    const n = start + i;
    return sql`(${`CND-OTHR-${n}`}, ${`Report ${n}`}, true, ${ownerTagOf(ctx, { id: 1_000_000 + n, ownerSalt: 'other' }, `CND-OTHR-${n}`)},
      ${description}, now() - make_interval(secs => ${n}))`;
  });
  await database.db.execute(sql`insert into reports
    (reference, title, is_anonymous, owner_hash, description, submitted_at)
    values ${sql.join(rows, sql`, `)}`);
}

type Reporter = { count: number; headers: { authorization: string }; password: string };
const reporters: Reporter[] = [];
for (const count of OWN_COUNTS) {
  const username = `bench_reporter_${count}`;
  const password = 'bench-reporter-passphrase';
  await app.inject({
    method: 'POST',
    url: '/api/accounts/register/',
    payload: { username, password, email: '' },
  });
  const [user] = rowsOf<{ id: number; owner_salt: string }>(
    await database.db.execute(sql`select id, owner_salt from users where username = ${username}`),
  );
  const owner = { id: Number(user?.id), ownerSalt: String(user?.owner_salt) };
  const ids: number[] = [];
  await database.db.transaction(async (tx) => {
    for (let n = 0; n < count; n += 1) {
      const reference = `CND-OWN${count}-${n}`;
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into reports
          (reference, title, is_anonymous, owner_hash, description, submitted_at)
          values (${reference}, ${`Mine ${n}`}, true, ${ownerTagOf(ctx, owner, reference)},
            ${description}, now() - make_interval(secs => ${n}))
          returning id`),
      );
      ids.push(Number(row?.id));
    }
  });
  // As the owner queue would, in a transaction of its own.
  await database.db.transaction((tx) =>
    updateOwnerIndex(ctx, tx, owner.id, (entries) => ({ ...entries, ids })),
  );
  reporters.push({ count, headers: { authorization: '' }, password });
  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username, password },
  });
  (reporters.at(-1) as Reporter).headers.authorization = `Bearer ${login.json().access}`;
}
await database.db.execute(sql`vacuum analyze reports`);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const lines: string[] = [];
for (const reporter of reporters) {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS + 10; i += 1) {
    const start = process.hrtime.bigint();
    const response = await fetch(`${base}/api/reports/`, { headers: reporter.headers });
    const body = (await response.json()) as unknown[];
    if (!response.ok) throw new Error(`My Reports answered ${response.status}`);
    if (body.length !== reporter.count)
      throw new Error(`listed ${body.length}, not ${reporter.count}`);
    if (i >= 10) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  lines.push(
    `| ${reporter.count} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${ROUNDS} |`,
  );
}
const table = [
  `GET /api/reports/ among ${OTHER_REPORTS.toLocaleString('en')} anonymous reports of other people on ${driver}, over HTTP on loopback, one request at a time.`,
  '',
  '| own anonymous reports | p50 ms | p95 ms | samples |',
  '|---|---|---|---|',
  ...lines,
  '',
  'The owner index is one row read by its key; the reports are then read by id in the same',
  'second query as identified ones. The cost grows with the reporter’s own reports (each payload',
  'is built: its sealed description opened, its tag checked), not with the table of reports.',
].join('\n');
console.log(table);
await recordResult(`My Reports (${driver})`, table);
await close();
