// Writes against what the database can do. On the same database and in the same process as the
// app, a reference route inserts one row in a transaction and answers it as JSON; autocannon
// measures it and each write route in turn, at 1 and at 10 connections, side by side, and the
// ratio of their rates is recorded. Then the same on two server processes sharing the database
// (half the connections each) against one. Runs on the PostgreSQL server (BENCH_DATABASE_URL,
// recreated); DATABASES=PostgreSQL,PGlite adds embedded PGlite (one process only).
import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/context';
import { challengeFor } from '../apps/server/src/modules/intake/intake.service';
import { createAdmin, createUser, login, type TestUser } from '../apps/server/test/factories';
import { multipart } from '../apps/server/test/reports';
import {
  freePort,
  type ServerProcess,
  sharedServerEnv,
  startServerProcess,
} from '../apps/server/test/server-process';
import { sqlRows } from '../apps/server/test/sql';
import { startBenchApp } from './support/app';
import { recreateDatabase } from './support/database';
import { benchPhoto } from './support/evidence-inputs';
import { profiled } from './support/profile';
import { recordResult } from './support/results';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTION_COUNTS = (process.env.CONNECTIONS ?? '1,10').split(',').map(Number);
const label = process.env.BENCH_LABEL ?? 'current';
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/candor_writes_bench';
// A directory: a CPU profile of this process is written there while filing is measured.
const profileDir = process.env.PROFILE;
const only = process.env.ONLY;
const PROOF_WORK = 1000;

type Request = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
};
/** A write as autocannon sends it: each request from `next()`, so each can differ. */
type Target = { name: string; next: () => Request };

type Measured = {
  rate: number;
  p99: number;
  failed: number;
  total: number;
  cpuPerRequest: number;
};

async function measure(base: string, target: Target, connections: number): Promise<Measured> {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION,
    requests: [
      {
        setupRequest: (request) => {
          const next = target.next();
          return {
            ...request,
            method: next.method,
            path: next.path,
            headers: { ...request.headers, ...next.headers },
            body: next.body,
          } as typeof request;
        },
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  // This process's CPU (app and load generator) per answered request: steadier than the rate
  // on a shared machine, though it leaves out the database server's work.
  const used = process.cpuUsage(cpu);
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    failed,
    total: result.requests.total,
    cpuPerRequest: (used.user + used.system) / Math.max(1, result.requests.total),
  };
}

const json = (method: string, url: string, authorization: string, body?: object): Request => ({
  method,
  path: url,
  headers: { authorization, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/**
 * Solved proofs of work for guest filings, made before the measurement starts. The challenges
 * are issued by the service itself (the route allows one address 120 a minute).
 */
async function solvedProofs(ctx: AppContext, count: number): Promise<string[]> {
  const proofs: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const challenge = await challengeFor(ctx, null);
    const solution = await solveChallenge({
      challenge: challenge as unknown as Parameters<typeof solveChallenge>[0]['challenge'],
      deriveKey,
    });
    proofs.push(JSON.stringify({ challenge, solution }));
  }
  return proofs;
}

/** Many pending reports made at once from one filed through the API, for status changes. */
async function pendingReports(
  db: Parameters<typeof sqlRows>[0],
  templateId: number,
  count: number,
): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`insert into reports (reference, title, category, status, priority_flag, is_anonymous,
          is_premium_report, owner_user_id, owner_account_deleted, owner_hash, is_guest,
          organization_id, description, acknowledge_by, feedback_period, feedback_by)
        select 'W' || lpad(g::text, 9, '0') || substr(md5(random()::text), 1, 6), title, category,
          'pending', priority_flag, is_anonymous, is_premium_report, owner_user_id,
          owner_account_deleted, owner_hash, is_guest, organization_id, description,
          acknowledge_by, feedback_period, feedback_by
        from reports, generate_series(1, ${count}) as g where id = ${templateId}
        returning id`,
  );
  return rows.map((row) => row.id);
}

type Row = {
  database: string;
  setup: string;
  connections: number;
  target: string;
  reference: number;
  rate: number;
  p99: number;
  /** This process's CPU µs per answered request, the route's and the reference's (one process). */
  cpu?: { route: number; reference: number };
};

async function prepare(base: string, t: Parameters<typeof createUser>[0]) {
  const reporter = await createUser(t);
  const admin = await createAdmin(t);
  const fresh = async (user: TestUser) =>
    `Bearer ${(await login(t, user.username, user.password)).access}`;
  const asReporter = await fresh(reporter);
  const asAdmin = await fresh(admin);
  const filed = await fetch(`${base}/api/reports/`, {
    method: 'POST',
    headers: { authorization: asReporter, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Thread for replies',
      category: 'other',
      description: 'What happened, in some detail.',
      is_anonymous: false,
    }),
  });
  const threadId = ((await filed.json()) as { id: number }).id;
  // Replies in a burst come from many reporters, each to their own report: the threads they go to.
  const threadIds: number[] = [];
  for (let i = 0; i < THREADS; i += 1) {
    const thread = await fetch(`${base}/api/reports/`, {
      method: 'POST',
      headers: { authorization: asReporter, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Thread ${i}`,
        category: 'other',
        description: 'What happened, in some detail.',
        is_anonymous: false,
      }),
    });
    threadIds.push(((await thread.json()) as { id: number }).id);
  }
  const photo = await multipart(
    {
      title: 'Filed with a photo',
      category: 'other',
      description: 'What happened, in some detail.',
      is_anonymous: 'true',
    },
    { name: 'photo.jpg', type: 'image/jpeg', data: await benchPhoto() },
  );
  return { asReporter, asAdmin, threadId, threadIds, photo };
}

// Shared by every round: a report already moved, or a proof already spent, would be refused.
let statusIndex = 0;
let proofIndex = 0;
let threadIndex = 0;
/** How many reports the replies of a burst are spread over. */
const THREADS = 20;

function targetsOf(
  prepared: Awaited<ReturnType<typeof prepare>>,
  statusIds: number[],
  proofs: string[],
): Target[] {
  const { asReporter, asAdmin, threadId, threadIds, photo } = prepared;
  return [
    {
      name: 'POST /api/reports/ (anonymous, no file)',
      next: () =>
        json('POST', '/api/reports/', asReporter, {
          title: 'A report in a burst',
          category: 'other',
          description: 'What happened, in some detail.',
          is_anonymous: true,
        }),
    },
    {
      name: 'POST /api/reports/ (1 MB photo)',
      next: () => ({
        method: 'POST',
        path: '/api/reports/',
        headers: { authorization: asReporter, ...photo.headers },
        body: photo.payload,
      }),
    },
    {
      name: 'POST /api/reports/{id}/comments/',
      next: () =>
        json(
          'POST',
          `/api/reports/${threadIds[threadIndex++ % threadIds.length]}/comments/`,
          asReporter,
          { message: 'One more thing I remembered.' },
        ),
    },
    {
      // Every reply to one report: each waits for the one before it to commit (the report's row).
      name: 'POST /api/reports/{id}/comments/ (one thread)',
      next: () =>
        json('POST', `/api/reports/${threadId}/comments/`, asReporter, {
          message: 'One more thing I remembered.',
        }),
    },
    {
      name: 'PATCH /api/admin/reports/{id}/update/',
      next: () =>
        json(
          'PATCH',
          `/api/admin/reports/${statusIds[statusIndex++ % statusIds.length]}/update/`,
          asAdmin,
          { status: 'under_review' },
        ),
    },
    {
      name: 'POST /api/notifications/mark_all_read/',
      next: () => json('POST', '/api/notifications/mark_all_read/', asAdmin),
    },
    {
      name: 'POST /api/intake/reports/ (proof ready)',
      next: () => {
        const proof = proofs[proofIndex++ % proofs.length] as string;
        return {
          method: 'POST',
          path: '/api/intake/reports/',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            title: 'Without an account',
            category: 'other',
            description: 'What happened, in some detail.',
            proof,
          }),
        };
      },
    },
  ];
}

const benchEnv = {
  // Given, not made in the first app's data folder: the server processes of the second part
  // must open what the first sealed.
  JWT_SECRET: randomBytes(32).toString('hex'),
  OWNER_HASH_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEYS: `b1:${randomBytes(32).toString('base64')}`,
  RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '100000000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000000',
  INTAKE_REPORTS_PER_ADDRESS_PER_HOUR: '100000000',
  INTAKE_REPORTS_PER_ORGANIZATION_PER_HOUR: '100000000',
  INTAKE_PROOF_OF_WORK: String(PROOF_WORK),
  MAX_UPLOAD_MB: '10',
};

async function oneProcess(database: 'PostgreSQL' | 'PGlite'): Promise<Row[]> {
  if (database === 'PostgreSQL') await recreateDatabase(postgresUrl, { force: true });
  const bench = await startBenchApp({
    databaseUrl: database === 'PostgreSQL' ? postgresUrl : undefined,
    env: benchEnv,
    extend: (app, handle) => {
      // One row inserted in a transaction, answered as JSON: the floor a write is measured against.
      app.post('/bench/one-insert', async () =>
        handle.db.transaction(async (tx) => {
          const [row] = await sqlRows<{ id: number }>(
            tx,
            sql`insert into bench_writes (value) values (${'x'.repeat(64)}) returning id`,
          );
          return row;
        }),
      );
    },
  });
  await sqlRows(
    bench.database.db,
    sql`create table bench_writes (id serial primary key, value text not null)`,
  );
  const t = { app: bench.app, database: bench.database, config: bench.config };
  const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const prepared = await prepare(base, t);
  const template = await sqlRows<{ id: number }>(
    bench.database.db,
    sql`select id from reports where id = ${prepared.threadId}`,
  );
  const statusIds = await pendingReports(bench.database.db, template[0]?.id as number, 20_000);
  const proofs = await solvedProofs(bench.app.ctx, Number(process.env.PROOFS ?? 3000));
  const reference: Target = {
    name: 'one insert',
    next: () => ({ method: 'POST', path: '/bench/one-insert' }),
  };
  const rows: Row[] = [];
  for (const connections of CONNECTION_COUNTS) {
    await measure(base, reference, connections); // warm-up
    for (const target of targetsOf(prepared, statusIds, proofs)) {
      if (only && !target.name.includes(only)) continue;
      const ref = await measure(base, reference, connections);
      const got = await profiled(profileDir, `${database} ${connections} ${target.name}`, () =>
        measure(base, target, connections),
      );
      if (got.failed > 0) {
        throw new Error(`${target.name}: ${got.failed} of ${got.total} failed`);
      }
      rows.push({
        database,
        setup: 'one process',
        connections,
        target: target.name,
        reference: ref.rate,
        rate: got.rate,
        p99: got.p99,
        cpu: { route: got.cpuPerRequest, reference: ref.cpuPerRequest },
      });
      console.log(
        `${database} ${connections}c ${target.name}: ${Math.round(got.rate)}/s p99 ${got.p99} ms, reference ${Math.round(ref.rate)}/s (${(got.rate / ref.rate).toFixed(2)}x); CPU µs a request ${Math.round(got.cpuPerRequest)}, reference ${Math.round(ref.cpuPerRequest)}`,
      );
    }
  }
  await bench.close();
  return rows;
}

/**
 * Filing and replying on two server processes sharing the PostgreSQL database, half the
 * connections each, against one process with all of them: adding a process must not lower the
 * rate (no lock every writer in every process waits on).
 */
async function twoProcesses(): Promise<Row[]> {
  await recreateDatabase(postgresUrl, { force: true });
  const seed = await startBenchApp({ databaseUrl: postgresUrl, env: benchEnv });
  const t = { app: seed.app, database: seed.database, config: seed.config };
  const seedBase = await seed.app.listen({ port: 0, host: '127.0.0.1' });
  const prepared = await prepare(seedBase, t);
  const statusIds = await pendingReports(seed.database.db, prepared.threadId, 20_000);
  const env = { ...sharedServerEnv(seed.config, postgresUrl), ...benchEnv, LOG_LEVEL: 'warn' };
  await seed.close();
  // Quiet, as the one process measured is: each is given its port, since no line says it.
  const servers: ServerProcess[] = await Promise.all(
    [await freePort(), await freePort()].map((port) =>
      startServerProcess({ ...env, PORT: String(port) }),
    ),
  );
  const rows: Row[] = [];
  try {
    const targets = targetsOf(prepared, statusIds, []).filter(
      (target) => !target.name.includes('intake') && !target.name.includes('photo'),
    );
    const connections = Math.max(...CONNECTION_COUNTS);
    for (const target of targets) {
      if (only && !target.name.includes(only)) continue;
      const single = await measure(servers[0]?.httpBase as string, target, connections);
      const both = await Promise.all(
        servers.map((server) => measure(server.httpBase, target, Math.ceil(connections / 2))),
      );
      const rate = both.reduce((sum, result) => sum + result.rate, 0);
      const failed = both.reduce((sum, result) => sum + result.failed, 0) + single.failed;
      if (failed > 0) throw new Error(`${target.name} on two processes: ${failed} failed`);
      rows.push({
        database: 'PostgreSQL',
        setup: 'two processes',
        connections,
        target: target.name,
        reference: single.rate,
        rate,
        p99: Math.max(...both.map((result) => result.p99)),
      });
      console.log(
        `two processes ${target.name}: ${Math.round(rate)}/s against one process's ${Math.round(single.rate)}/s (${(rate / single.rate).toFixed(2)}x)`,
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  return rows;
}

const databases = (process.env.DATABASES ?? 'PostgreSQL').split(',') as ('PostgreSQL' | 'PGlite')[];
const rows: Row[] = [];
if (!process.env.SKIP_ONE_PROCESS) {
  for (const database of databases) rows.push(...(await oneProcess(database)));
}
if (!process.env.SKIP_TWO_PROCESSES) rows.push(...(await twoProcesses()));
if (only) process.exit(0);
const table = [
  `${DURATION} s per route. One process: the reference is one row inserted in a transaction and`,
  'answered as JSON (same process, same database), measured just before each route at the same',
  'number of connections. Two processes: the reference is one process with all the connections;',
  `the rate is the two processes' together, half the connections each. Build: ${label}.`,
  '',
  "The last column is this process's CPU time per answered request (app and load generator, not",
  "the database server), the route's and, in brackets, the reference's: one process only.",
  '',
  '| database | setup | connections | route | req/s | reference req/s | ratio | p99 ms | CPU µs a request |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.database} | ${row.setup} | ${row.connections} | \`${row.target}\` | ${Math.round(row.rate)} | ${Math.round(row.reference)} | ${(row.rate / row.reference).toFixed(2)} | ${row.p99} | ${row.cpu ? `${Math.round(row.cpu.route)} (${Math.round(row.cpu.reference)})` : '–'} |`,
  ),
].join('\n');
await recordResult('Writes against one insert', table);
process.exit(0);
