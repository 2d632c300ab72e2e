// Reads while evidence is processed (issue: first paint and reads). The app listens on a port
// (embedded PGlite, or BENCH_DATABASE_URL for PostgreSQL); a second process, the clients, runs
// autocannon against GET /api/notifications/ twice: once with nothing else happening, once
// while ten 10 MB videos are sent at the same time over HTTP to POST /api/reports/. The app's
// event loop delay is sampled in its own process during each phase, so a stall caused by the
// server's work shows apart from the time the clients spend waiting for a busy CPU.
//
// BENCH_LABEL names the code measured ("current" by default); results go to
// bench/output/uploads-latency-<label>-<database>.json and the README table shows every label found there.
//
// BENCH_UPLOAD=voice sends voice reports instead of videos: each a 2-minute recording (Opus in
// WebM, as Chromium records) that the server disguises (lib/evidence/voice.ts), seals and stores.
//
// Media workers (videos processed at once, the app's MEDIA_WORKERS): by default the app's own
// setting. BENCH_MEDIA_WORKERS=2,1 measures the uploads phase once for each count in turn, on
// the same app and data, and BENCH_ROUNDS=3 repeats that sequence: pool sizes compared side by
// side under the same load, which a shared machine needs.
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { percentile, recordResult } from './support/results';

const DURATION = Number(process.env.DURATION ?? 15);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 5);
const UPLOADS = Number(process.env.UPLOADS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const WORKER_COUNTS = (process.env.BENCH_MEDIA_WORKERS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);
const label = process.env.BENCH_LABEL ?? 'current';
const uploadKind: 'video' | 'voice' = process.env.BENCH_UPLOAD === 'voice' ? 'voice' : 'video';
const VOICE_SECONDS = 120;
const outputDir = process.env.BENCH_OUTPUT_DIR ?? path.join(import.meta.dirname, 'output');

type Phase = 'quiet' | 'uploads';
type ClientJob = {
  phase: Phase;
  base: string;
  reader: string;
  uploader: string;
  videoPath: string;
  kind: 'video' | 'voice';
};
type Reads = {
  rate: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  timeouts: number;
  seconds: number;
};
type Uploads = {
  count: number;
  seconds: number;
  p50: number;
  slowest: number;
  bytes: number;
  /** What was sent: a video (the default), or a voice recording. */
  kind?: 'video' | 'voice';
};
type ClientResult = { reads: Reads; uploads?: Uploads };
type Row = ClientResult & {
  phase: Phase;
  /** Media files processed at once during the phase; absent in results from before it was set. */
  workers?: number;
  loopP99: number;
  loopMax: number;
  mainCpuMs: number;
};

/**
 * CPU time of the app's main thread alone (not its worker threads), from Linux's per-thread
 * counters in 10 ms ticks; NaN where /proc is not there.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

// ---- The clients: a process of their own, as real clients would be. ----

async function upload(job: ClientJob, video: Buffer): Promise<number> {
  const form = new FormData();
  if (job.kind === 'voice') {
    form.append('title', 'Bench report by voice');
    form.append('voice_recording', new Blob([video], { type: 'audio/webm' }), 'voice.webm');
  } else {
    form.append('title', 'Bench report with a video');
    form.append('description', 'Evidence attached.');
    form.append('file_upload', new Blob([video], { type: 'video/mp4' }), 'clip.mp4');
  }
  const start = performance.now();
  const response = await fetch(`${job.base}/api/reports/`, {
    method: 'POST',
    headers: { authorization: job.uploader },
    body: form,
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${body}`);
  return performance.now() - start;
}

async function runClients(job: ClientJob): Promise<ClientResult> {
  const options = {
    url: `${job.base}/api/notifications/`,
    connections: CONNECTIONS,
    headers: { authorization: job.reader },
  };
  if (job.phase === 'quiet') {
    return { reads: summarize(await autocannon({ ...options, duration: DURATION })) };
  }

  const video = readFileSync(job.videoPath);
  let instance: autocannon.Instance | undefined;
  const reads = new Promise<autocannon.Result>((resolve, reject) => {
    // Runs until the last upload is answered, then stops.
    instance = autocannon({ ...options, duration: 600 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  const start = performance.now();
  const times = await Promise.all(Array.from({ length: UPLOADS }, () => upload(job, video)));
  const seconds = (performance.now() - start) / 1000;
  instance?.stop();
  return {
    reads: summarize(await reads),
    uploads: {
      count: UPLOADS,
      seconds,
      p50: percentile(times, 50) / 1000,
      slowest: Math.max(...times) / 1000,
      bytes: video.length,
      kind: job.kind,
    },
  };
}

function summarize(result: autocannon.Result): Reads {
  if (result.non2xx > 0) throw new Error(`reads: ${result.non2xx} answers were not 2xx`);
  return {
    rate: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}

if (process.argv[2] === 'clients') {
  process.on('message', (job: ClientJob) => {
    runClients(job).then(
      (result) => process.send?.(result),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.on('disconnect', () => process.exit(0));
} else {
  await runServer();
}

// ---- The app, and the phases it is measured in. ----

async function runServer() {
  const { createAdmin, createUser } = await import('../apps/server/test/factories');
  const { createReport } = await import('../apps/server/test/reports');
  const { startBenchApp } = await import('./support/app');
  const { MEDIA_LIMITS, setMediaWorkers } = await import(
    '../apps/server/src/lib/evidence/media-jobs'
  );
  const { benchVideo, benchVideoPath } = await import('./support/evidence-inputs');
  const { benchVoice, benchVoicePath } = await import('./support/voice-inputs');

  const video = await benchVideo();
  const voice = uploadKind === 'voice' ? await benchVoice(VOICE_SECONDS) : null;
  const videoPath = voice ? benchVoicePath(VOICE_SECONDS) : benchVideoPath;
  const bench = await startBenchApp({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    env: {
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      // The readers' token outlives a long phase (voice uploads on a loaded machine).
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
  });
  const t = { app: bench.app, database: bench.database, config: bench.config };
  const reporter = await createUser(t);
  const admin = await createAdmin(t);
  // Each report notifies the admin: the list read is a full page of notices.
  for (let i = 0; i < 30; i += 1) {
    await createReport(t, reporter, {
      title: `Bench report ${i}`,
      description: 'What happened, in some detail.',
      is_anonymous: i % 3 === 0 ? 'true' : 'false',
    });
  }
  // Warm-up: compiles FFmpeg's module once for the process, as the first upload after a start.
  await createReport(t, reporter, {}, { name: 'clip.mp4', type: 'video/mp4', data: video });
  if (voice) {
    const { disguiseVoice } = await import('../apps/server/src/lib/evidence/voice');
    await disguiseVoice(Buffer.from(voice), { maxSeconds: 600 });
  }
  const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });

  const clients = fork(import.meta.filename, ['clients'], { execArgv: process.execArgv });
  const ask = (phase: Phase, workers: number) =>
    new Promise<Row>((resolve, reject) => {
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const cpuBefore = mainThreadCpuMs();
      clients.once('message', (result: ClientResult) => {
        loop.disable();
        resolve({
          ...result,
          phase,
          workers,
          loopP99: loop.percentile(99) / 1e6,
          loopMax: loop.max / 1e6,
          mainCpuMs: mainThreadCpuMs() - cpuBefore,
        });
      });
      clients.once('exit', (code) => reject(new Error(`the clients stopped (${code})`)));
      clients.send({
        phase,
        base,
        reader: admin.headers.authorization,
        uploader: reporter.headers.authorization,
        videoPath,
        kind: uploadKind,
      } satisfies ClientJob);
    });
  const configured = MEDIA_LIMITS.concurrency;
  const phases: { phase: Phase; workers: number }[] = [{ phase: 'quiet', workers: configured }];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const workers of WORKER_COUNTS.length > 0 ? WORKER_COUNTS : [configured]) {
      phases.push({ phase: 'uploads', workers });
    }
  }
  const rows: Row[] = [];
  for (const { phase, workers } of phases) {
    setMediaWorkers(workers);
    const row = await ask(phase, workers);
    rows.push(row);
    console.log(phase, workers, JSON.stringify(row));
  }
  clients.disconnect();
  await bench.close();

  mkdirSync(outputDir, { recursive: true });
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const kindSuffix = uploadKind === 'voice' ? '-voice' : '';
  writeFileSync(
    path.join(outputDir, `uploads-latency-${label}${kindSuffix}-${database}.json`),
    JSON.stringify({ label, database, rows }, null, 2),
  );
  const results = readdirSync(outputDir)
    .filter((name) => /^uploads-latency-.+\.json$/.test(name))
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(outputDir, name), 'utf8')) as {
          label: string;
          database: string;
          rows: Row[];
        },
    )
    .sort((a, b) =>
      a.label === 'before' ? -1 : b.label === 'before' ? 1 : a.label.localeCompare(b.label),
    );
  const mb = (video.length / 2 ** 20).toFixed(1);
  const about = [
    `GET /api/notifications/ (an admin's, 30 notices) with autocannon, ${CONNECTIONS} connections,`,
    `from a second process: ${DURATION} s with nothing else happening ("quiet"), then for as long as`,
    `${UPLOADS} uploads sent at once over HTTP to POST /api/reports/ take ("uploads"), each a ${mb} MB`,
    'H.264/AAC MP4 (720p, 10 s, with location and title tags) that the server remuxes with',
    'FFmpeg.wasm, seals and stores, or, in the rows of voice uploads, a 2-minute voice recording',
    '(espeak-ng, Opus in WebM at 48 kb/s) that the server disguises, seals and stores instead of a',
    'description. One file of the kind was processed before, so FFmpeg is compiled already. The',
    "event loop delay is sampled every 5 ms in the app's process during each phase, and the CPU",
    "time of its main thread alone (its worker threads apart) is read from Linux's counters.",
    ...(WORKER_COUNTS.length > 0
      ? [
          `The uploads phase ran ${ROUNDS} time(s) for each count of media workers (videos processed`,
          `at once: ${WORKER_COUNTS.join(', ')}) in turn, on the same app and data.`,
        ]
      : []),
  ].join('\n');
  const table = [
    about,
    '',
    '| code | database | phase | media workers | req/s | p50 ms | p99 ms | max ms | errors + timeouts | event loop delay p99 / max ms | main thread CPU | uploads |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.flatMap((result) =>
      result.rows.map(
        (row) =>
          `| ${result.label} | ${result.database} | ${row.phase} | ${row.phase === 'quiet' ? '-' : (row.workers ?? 2)} | ${Math.round(row.reads.rate)} | ${row.reads.p50} | ${row.reads.p99} | ${row.reads.max} | ${row.reads.errors + row.reads.timeouts} | ${row.loopP99.toFixed(1)} / ${row.loopMax.toFixed(1)} | ${(row.mainCpuMs / 1000).toFixed(1)} s of ${row.reads.seconds.toFixed(1)} s | ${
            row.uploads
              ? `${row.uploads.count} ${row.uploads.kind === 'voice' ? 'voice reports' : 'videos'} in ${row.uploads.seconds.toFixed(1)} s (each p50 ${row.uploads.p50.toFixed(1)} s, slowest ${row.uploads.slowest.toFixed(1)} s)`
              : '-'
          } |`,
      ),
    ),
  ].join('\n');
  console.log(table);
  await recordResult('Reads while evidence is processed', table);
  process.exit(0);
}
