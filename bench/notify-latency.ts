// Live notification latency across server processes (docs/api.md "The API"): two real
// servers on one PostgreSQL database, 1,000 sockets spread over both, notifications committed
// through the database path the services use; measures commit -> arrival at sockets on each
// process. Creates and drops its own schema in BENCH_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { createHasher, createSealer, parseKeyring } from '../apps/server/src/lib/crypto';
import { createAccessTokenSigner } from '../apps/server/src/lib/tokens';
import { createNotifications } from '../apps/server/src/modules/notifications/notifications.service';
import {
  type ServerProcess,
  sharedServerEnv,
  startServerProcess,
} from '../apps/server/test/server-process';
import { percentile, recordResult } from './support/results';

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/candor_live_bench';
const userCount = Number(process.env.USERS ?? 500);
const notificationCount = Number(process.env.NOTIFICATIONS ?? 1000);
const CONNECT_BATCH = 50;

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  await client.end();
}

async function resetSchema() {
  const database = await openDatabase({ url: databaseUrl });
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  await database.migrate();
  return database;
}

const config = loadConfig({
  DATA_DIR: '/tmp/candor-bench-unused',
  JWT_SECRET: randomBytes(36).toString('base64url'),
  OWNER_HASH_SECRET: randomBytes(36).toString('base64url'),
  ENCRYPTION_KEYS: `b1:${randomBytes(32).toString('base64')}`,
});

type Socket = { ws: WebSocket; process: 'A' | 'B' };

async function connectAll(targets: { url: string; token: string; process: 'A' | 'B' }[]) {
  const sockets: Socket[] = [];
  for (let i = 0; i < targets.length; i += CONNECT_BATCH) {
    const batch = targets.slice(i, i + CONNECT_BATCH);
    sockets.push(
      ...(await Promise.all(
        batch.map(
          (target) =>
            new Promise<Socket>((resolve, reject) => {
              const ws = new WebSocket(target.url, ['candor.v1', `candor.bearer.${target.token}`]);
              ws.once('open', () => resolve({ ws, process: target.process }));
              ws.once('error', reject);
              ws.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
            }),
        ),
      )),
    );
  }
  return sockets;
}

// Other work on the machine shows in the tail: recorded with the figures.
const loadAtStart = os.loadavg()[0] ?? 0;
await ensureDatabase(databaseUrl);
const database = await resetSchema();
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
try {
  const env = { ...sharedServerEnv(config, databaseUrl), NODE_ENV: 'production' };
  servers.push(await startServerProcess(env), await startServerProcess(env));
  const [a, b] = servers as [ServerProcess, ServerProcess];

  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, i) => ({
        username: `bench_${Date.now().toString(36)}_${i}`,
        passwordHash: 'not-a-login',
      })),
    )
    .returning({ id: users.id });
  const signer = createAccessTokenSigner(config.secrets.jwt as string, 3600);
  const claims = { role: 'user', plan: 'free', is_superuser: false } as const;
  const tokens = await Promise.all(rows.map((row) => signer.sign({ user_id: row.id, ...claims })));

  // Every user has one socket on each process: 2 x USERS sockets in all.
  const targets = rows.flatMap((row, i) => [
    {
      url: `${a.wsBase}/ws/notifications/${row.id}/`,
      token: tokens[i] as string,
      process: 'A' as const,
    },
    {
      url: `${b.wsBase}/ws/notifications/${row.id}/`,
      token: tokens[i] as string,
      process: 'B' as const,
    },
  ]);
  const connectStart = performance.now();
  sockets.push(...(await connectAll(targets)));
  const connectSeconds = (performance.now() - connectStart) / 1000;
  console.log(`${sockets.length} sockets connected in ${connectSeconds.toFixed(1)} s`);

  const committedAt = new Map<number, number>();
  const latencies = { A: [] as number[], B: [] as number[] };
  const expected = notificationCount * 2;
  let arrived = 0;
  let allArrived: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    allArrived = resolve;
  });
  for (const socket of sockets) {
    socket.ws.on('message', (data) => {
      const now = performance.now();
      const { id } = JSON.parse(data.toString()) as { id: number };
      const start = committedAt.get(id);
      if (start === undefined) throw new Error(`notification ${id} arrived before it was sent`);
      latencies[socket.process].push(now - start);
      arrived += 1;
      if (arrived === expected) allArrived();
    });
  }

  const sealer = createSealer(parseKeyring(config.secrets.encryptionKeys as string));
  const hash = createHasher(config.secrets.ownerHash as string);
  const sendStart = performance.now();
  for (let i = 0; i < notificationCount; i += 1) {
    const row = rows[i % rows.length] as { id: number };
    await database.db.transaction(async (tx) => {
      const [signal] = await createNotifications({ sealer, hash }, tx, [
        { userId: row.id, message: `Benchmark notification ${i}`, reportId: i, reportTitle: 'T' },
      ]);
      // Timed from just before COMMIT: the round trip of the COMMIT itself counts as latency.
      committedAt.set(signal?.id as number, performance.now());
    });
  }
  const sendSeconds = (performance.now() - sendStart) / 1000;
  const limit = setTimeout(() => {
    console.error(`only ${arrived} of ${expected} messages arrived`);
    process.exit(1);
  }, 60_000);
  await done;
  clearTimeout(limit);

  const line = (label: string, samples: number[]) =>
    `| ${label} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${percentile(samples, 99).toFixed(1)} | ${Math.max(...samples).toFixed(1)} | ${samples.length} |`;
  const table = [
    `${sockets.length} sockets (${userCount} users, one socket on each of two server processes), ` +
      `${notificationCount} notifications committed one per transaction at ` +
      `${Math.round(notificationCount / sendSeconds)}/s from a third connection; ` +
      'latency from COMMIT to arrival at the socket. PostgreSQL 15, Node ' +
      `${process.version}, everything on the same machine (load average ${loadAtStart.toFixed(1)} at the start). ` +
      'Target: p99 under 100 ms.',
    '',
    '| sockets on | p50 ms | p95 ms | p99 ms | max ms | samples |',
    '|---|---|---|---|---|---|',
    line('process B', latencies.B),
    line('process A', latencies.A),
  ].join('\n');
  console.log(table);
  await recordResult('Live notification latency (two server processes on PostgreSQL)', table);
} finally {
  for (const socket of sockets) socket.ws.terminate();
  await Promise.all(servers.map((server) => server.stop()));
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.close();
}
