// The mail outbox (docs/design.md "Email"). 1. Alerts per second the outbox sends to a local SMTP
// server (bench/support/smtp-sink.ts, in its own process), against nodemailer sending the same
// messages straight to it (the reference: the SMTP round trip alone). 2. A burst of 1,000 new
// reports, each writing alerts for 5 administrators, while the outbox is sent beside it, against
// the same burst with the alerts written but not sent meanwhile (the reference: what the request
// path does with mail on), and with mail off. Embedded PGlite in memory, or PostgreSQL with
// BENCH_DATABASE_URL.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import { queueAlerts, sendDueMail } from '../apps/server/src/modules/outbox/outbox';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
} from '../apps/server/test/factories';
import { verifyEmailOf } from '../apps/server/test/mail';
import { submitReport } from '../apps/server/test/reports';
import { startBenchApp } from './support/app';
import { percentile, recordResult } from './support/results';

const ALERTS = Number(process.env.ALERTS ?? 2000);
const REPORTS = Number(process.env.REPORTS ?? 1000);
const CONCURRENCY = 10;
const IDLE_PAUSE_MS = 20;
const databaseUrl = process.env.BENCH_DATABASE_URL;

const secrets = {
  JWT_SECRET: randomBytes(36).toString('base64url'),
  OWNER_HASH_SECRET: randomBytes(36).toString('base64url'),
  ENCRYPTION_KEYS: `b1:${randomBytes(32).toString('base64')}`,
  RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
  SCHEDULER_TICK_SECONDS: '0',
  // A bench on a busy machine outlasts the default five minutes of a sign-in.
  ACCESS_TOKEN_TTL_SECONDS: '3600',
};

type Bench = Awaited<ReturnType<typeof startBenchApp>>;

async function scopeOf(bench: Bench, admins: number) {
  const organizationId = await createOrganization(bench);
  const ids: number[] = [];
  for (let index = 0; index < admins; index += 1) {
    const admin = await createAdmin(bench, { organizationId });
    await verifyEmailOf(bench, admin.id);
    ids.push(admin.id);
  }
  return { reporter: await createUser(bench, { organizationId }), admins: ids };
}

/** Files `count` reports, `CONCURRENCY` at a time; answers each request's time in ms. */
async function burst(bench: Bench, reporter: TestUser, count: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await submitReport(bench, reporter, { title: `Burst ${next}` });
      if (response.statusCode !== 201) throw new Error(`filing failed: ${response.body}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

/** The SMTP sink in a child process, and the environment that points Candor at it. */
async function startSmtpSink(): Promise<{
  port: number;
  child: ChildProcess;
  env: Record<string, string>;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/smtp-sink.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(
    createInterface({ input: child.stdout as NodeJS.ReadableStream }),
    'line',
  )) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    port,
    child,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_TLS: 'none',
      MAIL_FROM: 'Candor <alerts@candor.test>',
      PUBLIC_URL: 'https://candor.test',
      MAIL_SEND_INTERVAL_SECONDS: '0',
    },
  };
}

const smtp = await startSmtpSink();
// The sink does not outlive a run that stops with an error.
process.on('exit', () => smtp.child.kill());
const mailEnv = { ...secrets, ...smtp.env };

// 1. Alerts per second.
const on = await startBenchApp({ databaseUrl, env: mailEnv });
const {
  admins: [admin],
} = await scopeOf(on, 1);
await on.app.ctx.db.transaction((tx) =>
  queueAlerts(
    on.app.ctx,
    tx,
    Array.from({ length: ALERTS }, (_, index) => ({
      userId: admin as number,
      kind: 'new_report' as const,
      reference: `CND-BENCH-${index}`,
    })),
  ),
);
let started = performance.now();
const counts = await sendDueMail(on.app.ctx);
const outboxSeconds = (performance.now() - started) / 1000;
if (counts.sent !== ALERTS) throw new Error(`sent ${counts.sent} of ${ALERTS}`);
const direct = nodemailer.createTransport({
  host: '127.0.0.1',
  port: smtp.port,
  ignoreTLS: true,
  pool: true,
  maxConnections: 2,
});
started = performance.now();
for (let index = 0; index < ALERTS; index += 1) {
  await direct.sendMail({
    from: 'bench@candor.test',
    to: 'reference@candor.test',
    subject: 'Candor: something needs your attention',
    text: `Reference CND-REF-${index}`,
    html: `<p>Reference CND-REF-${index}</p>`,
  });
}
const directSeconds = (performance.now() - started) / 1000;
direct.close();

// 2. The request path: a burst with mail off; with mail on, the alerts written but the outbox
// not sent meanwhile (sent after); and with the outbox sent beside it.
const off = await startBenchApp({ databaseUrl, env: secrets });
const { reporter: offReporter } = await scopeOf(off, 5);
const offTimes = await burst(off, offReporter, REPORTS);
await off.close();

const { reporter: queuedReporter } = await scopeOf(on, 5);
const queuedTimes = await burst(on, queuedReporter, REPORTS);
const queuedAfter = (await sendDueMail(on.app.ctx)).sent;
if (queuedAfter !== REPORTS * 5)
  throw new Error(`sent ${queuedAfter} of ${REPORTS * 5} afterwards`);

const { reporter: burstReporter } = await scopeOf(on, 5);
let sending = true;
let sentDuring = 0;
// The server sends on a timer (MAIL_SEND_INTERVAL_SECONDS); here the outbox is sent again as soon
// as it comes back, pausing only when it found nothing due. The pause is needed: PGlite answers in
// this thread, so a loop that never waits for a timer would keep the requests from ever running.
const sender = (async () => {
  while (sending) {
    const { sent } = await sendDueMail(on.app.ctx);
    sentDuring += sent;
    if (sent === 0) await delay(IDLE_PAUSE_MS);
  }
})();
const onTimes = await burst(on, burstReporter, REPORTS);
sending = false;
await sender;
const sentAfter = (await sendDueMail(on.app.ctx)).sent;
if (sentDuring + sentAfter !== REPORTS * 5) {
  throw new Error(`sent ${sentDuring + sentAfter} of ${REPORTS * 5}`);
}
await on.close();
smtp.child.kill('SIGTERM');
await once(smtp.child, 'exit');

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const fmt = (value: number) => value.toFixed(1);
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const row = (label: string, times: number[], sent: number) =>
  `| ${label} | ${fmt(mean(times))} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 99))} | ${sent} |`;
const table = [
  `Outbox: ${ALERTS} alerts to one local SMTP server (a sink in another process), ${database}.`,
  '',
  '| sender | alerts/s | ratio |',
  '| ------ | -------: | ----: |',
  `| outbox (claim, open, compose, send, delete) | ${fmt(ALERTS / outboxSeconds)} | ${(directSeconds / outboxSeconds).toFixed(2)} |`,
  `| reference: nodemailer straight to the server | ${fmt(ALERTS / directSeconds)} | 1.00 |`,
  '',
  `A burst of ${REPORTS} new reports (${CONCURRENCY} at a time), each alerting 5 administrators:`,
  '',
  '| mail | mean ms | p50 ms | p99 ms | alerts sent meanwhile |',
  '| ---- | ------: | -----: | -----: | --------------------: |',
  row('off', offTimes, 0),
  row('on, alerts written, sent afterwards (reference)', queuedTimes, 0),
  row('on, outbox sent beside it', onTimes, sentDuring),
  '',
  `Sending beside the burst: mean ${(mean(onTimes) / mean(queuedTimes)).toFixed(2)}× the reference.`,
].join('\n');
console.log(table);
await recordResult(`Mail outbox (${database})`, table);
