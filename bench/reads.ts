// Reads against what the database can do (issue: first paint and reads). On the same database and
// in the same process as the app, a reference route does one primary-key select and answers it as
// JSON; autocannon measures it and each read route in turn, side by side, and the ratio of their
// rates is recorded. Runs on the PostgreSQL server (BENCH_DATABASE_URL, recreated) and on
// embedded PGlite. `GET /` needs the built web app (`npm run build`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createAdmin, createUser, type TestUser } from '../apps/server/test/factories';
import { createReport } from '../apps/server/test/reports';
import { sqlRows } from '../apps/server/test/sql';
import { startBenchApp } from './support/app';
import { recreateDatabase } from './support/database';
import { profiled } from './support/profile';
import { recordResult } from './support/results';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const label = process.env.BENCH_LABEL ?? 'current';
// Committed writes a second while each route and its reference are measured (0: reads only). Each
// changes a report, as another process or a scheduled job would: the kept answers are made again.
const WRITES_PER_SECOND = Number(process.env.WRITES_PER_SECOND ?? 0);
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/candor_reads_bench';
// A directory: a CPU profile of this process is written there for each route while it is measured.
const profileDir = process.env.PROFILE;
const webDist = path.join(import.meta.dirname, '..', 'apps/web/dist/index.html');
if (!existsSync(webDist)) throw new Error('GET / needs the built web app: run "npm run build"');

type Target = { name: string; path: string; who: 'reporter' | 'admin' | 'nobody' };

const targets = (reportId: number): Target[] => [
  { name: 'GET /api/reports/{id}/', path: `/api/reports/${reportId}/`, who: 'reporter' },
  {
    name: 'GET /api/reports/{id}/comments/',
    path: `/api/reports/${reportId}/comments/`,
    who: 'reporter',
  },
  { name: 'GET /api/notifications/', path: '/api/notifications/', who: 'admin' },
  { name: 'GET /api/admin/analytics/', path: '/api/admin/analytics/', who: 'admin' },
  {
    name: 'GET /api/admin/reports/?limit=25',
    path: '/api/admin/reports/?limit=25',
    who: 'admin',
  },
  { name: 'GET /', path: '/', who: 'nobody' },
];

/** Runs `work` under the V8 profiler and writes the profile to `<PROFILE>/<name>.cpuprofile`. */

async function measure(base: string, route: string, authorization?: string) {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: `${base}${route}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: authorization ? { authorization } : {},
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${route}: ${failed} of ${result.requests.total} failed`);
  // This process's CPU (app and load generator) per answered request: steadier than the rate
  // on a shared machine, though it leaves out the database server's work.
  const used = process.cpuUsage(cpu);
  const cpuPerRequest = (used.user + used.system) / result.requests.total;
  return { rate: result.requests.average, p99: result.latency.p99, cpuPerRequest };
}

/** Runs `work` while a report is changed and committed `WRITES_PER_SECOND` times a second. */
async function whileWriting<T>(
  db: Parameters<typeof sqlRows>[0],
  reportId: number,
  work: () => Promise<T>,
): Promise<T> {
  if (WRITES_PER_SECOND <= 0) return work();
  let writing = true;
  const writer = (async () => {
    while (writing) {
      await sqlRows(
        db,
        sql`update reports set priority_flag = not priority_flag where id = ${reportId}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_SECOND));
    }
  })();
  try {
    return await work();
  } finally {
    writing = false;
    await writer;
  }
}

type Row = { database: string; target: string; reference: number; rate: number; p99: number };

async function run(database: 'PostgreSQL' | 'PGlite'): Promise<Row[]> {
  if (database === 'PostgreSQL') await recreateDatabase(postgresUrl, { force: true });
  const bench = await startBenchApp({
    databaseUrl: database === 'PostgreSQL' ? postgresUrl : undefined,
    env: {
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      // 0 measures every read made afresh, none answered from the kept reads.
      ...(process.env.READ_CACHE_MS ? { READ_CACHE_MS: process.env.READ_CACHE_MS } : {}),
    },
    extend: (app, handle) => {
      // One primary-key select, answered as JSON: the floor a read route is measured against.
      app.get('/bench/one-select/:id', async (request) => {
        const id = Number((request.params as { id: string }).id);
        const rows = await sqlRows(handle.db, sql`select id, username from users where id = ${id}`);
        return rows[0] ?? null;
      });
    },
  });
  const t = { app: bench.app, database: bench.database, config: bench.config };
  const reporter = await createUser(t);
  const admin = await createAdmin(t);
  // A little of everything the routes read: reports, a thread, notices.
  let reportId = 0;
  for (let i = 0; i < 30; i += 1) {
    const report = await createReport(t, reporter, {
      title: `Bench report ${i}`,
      description: 'What happened, in some detail.',
      is_anonymous: i % 3 === 0 ? 'true' : 'false',
    });
    reportId ||= report.id;
  }
  for (let i = 0; i < 5; i += 1) {
    for (const author of [reporter, admin]) {
      const response = await bench.app.inject({
        method: 'POST',
        url: `/api/reports/${reportId}/comments/`,
        headers: author.headers,
        payload: { message: `Message ${i} from ${author === admin ? 'admin' : 'reporter'}.` },
      });
      if (response.statusCode !== 201) throw new Error(`comment: ${response.body}`);
    }
  }

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const rows: Row[] = [];
  const fresh = async (user: TestUser) => {
    const login = await bench.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: user.username, password: user.password },
    });
    return `Bearer ${login.json().access}`;
  };
  await measure(address, `/bench/one-select/${reporter.id}`); // warm-up
  const only = process.env.ONLY;
  for (const target of targets(reportId).filter((t) => !only || t.name.includes(only))) {
    const authorization =
      target.who === 'nobody' ? undefined : await fresh(target.who === 'admin' ? admin : reporter);
    const reference = await whileWriting(bench.database.db, reportId, () =>
      measure(address, `/bench/one-select/${reporter.id}`),
    );
    const measured = await profiled(profileDir, `${database} ${target.name}`, () =>
      whileWriting(bench.database.db, reportId, () => measure(address, target.path, authorization)),
    );
    rows.push({
      database,
      target: target.name,
      reference: reference.rate,
      rate: measured.rate,
      p99: measured.p99,
    });
    console.log(
      `${database} ${target.name}: ${Math.round(measured.rate)} req/s, reference ${Math.round(reference.rate)} (${(measured.rate / reference.rate).toFixed(2)}x); CPU µs a request ${Math.round(measured.cpuPerRequest)}, reference ${Math.round(reference.cpuPerRequest)}`,
    );
  }
  await bench.close();
  return rows;
}

const databases = (process.env.DATABASES ?? 'PostgreSQL,PGlite').split(',') as (
  | 'PostgreSQL'
  | 'PGlite'
)[];
const rows: Row[] = [];
for (const database of databases) rows.push(...(await run(database)));
if (process.env.ONLY) process.exit(0);
const table = [
  `${DURATION} s per route, ${CONNECTIONS} connections, the reference (one primary-key select`,
  'answered as JSON, same process and database) measured just before each route' +
    (WRITES_PER_SECOND > 0
      ? `, both while a report is changed ${WRITES_PER_SECOND} times a second. Build:`
      : '. Build:'),
  `${label}.`,
  '',
  '| database | route | req/s | reference req/s | ratio | p99 ms |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.database} | \`${row.target}\` | ${Math.round(row.rate)} | ${Math.round(row.reference)} | ${(row.rate / row.reference).toFixed(2)} | ${row.p99} |`,
  ),
].join('\n');
await recordResult(
  `Reads against one primary-key select (${label})`,
  table,
  'Reads against one primary-key select',
);
process.exit(0);
