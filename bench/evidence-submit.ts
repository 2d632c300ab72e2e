// What evidence costs a report submission: POST /api/reports/ with a 1 MB photo and a 10 MB
// video, through the real app on a throwaway embedded database, one request at a time. The
// event loop's delay is watched meanwhile, since media work must not stall other requests.
//
// BENCH_LABEL names the code measured ("after" by default). Results go to
// bench/output/evidence-<label>.json (BENCH_OUTPUT_DIR to change), and the README table shows
// every label found there, so older code can be measured with this same script.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchApp } from './support/app';
import { benchPhoto, benchVideo } from './support/evidence-inputs';
import { percentile, recordResult } from './support/results';

const label = process.env.BENCH_LABEL ?? 'after';
const outputDir = process.env.BENCH_OUTPUT_DIR ?? path.join(import.meta.dirname, 'output');
const rounds = {
  photo: Number(process.env.PHOTO_ROUNDS ?? 20),
  video: Number(process.env.VIDEO_ROUNDS ?? 10),
};

const photo = await benchPhoto();
const video = await benchVideo();

const { app, close } = await startBenchApp({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  env: { RATE_LIMIT_AUTH_PER_MINUTE: '1000000', RATE_LIMIT_WRITE_PER_MINUTE: '1000000' },
});

const username = `bench_${Date.now()}`;
const password = 'the-right-passphrase';
await app.inject({
  method: 'POST',
  url: '/api/accounts/register/',
  payload: { username, password, email: '' },
});
const login = await app.inject({
  method: 'POST',
  url: '/api/accounts/login/',
  payload: { username, password },
});
const authorization = `Bearer ${login.json().access}`;

async function submit(name: string, type: string, data: Buffer): Promise<number> {
  const form = new FormData();
  form.append('title', 'Bench report');
  form.append('description', 'Evidence attached.');
  form.append('file_upload', new Blob([data], { type }), name);
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const start = process.hrtime.bigint();
  const response = await app.inject({
    method: 'POST',
    url: '/api/reports/',
    headers: { authorization, 'content-type': encoded.headers.get('content-type') as string },
    payload,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (response.statusCode !== 201)
    throw new Error(`expected 201, got ${response.statusCode}: ${response.body}`);
  return ms;
}

type Row = {
  file: string;
  bytes: number;
  p50: number;
  p95: number;
  loopP99: number;
  loopMax: number;
  samples: number;
};

async function measure(file: string, type: string, data: Buffer, count: number): Promise<Row> {
  await submit(file, type, data); // warm-up: compiles FFmpeg's module once per process
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) samples.push(await submit(file, type, data));
  loop.disable();
  return {
    file,
    bytes: data.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    samples: count,
  };
}

const rows = [
  await measure('photo.jpg', 'image/jpeg', photo, rounds.photo),
  await measure('clip.mp4', 'video/mp4', video, rounds.video),
];
mkdirSync(outputDir, { recursive: true });
writeFileSync(
  path.join(outputDir, `evidence-${label}.json`),
  JSON.stringify({ label, rows }, null, 2),
);

const results = readdirSync(outputDir)
  .filter((name) => /^evidence-.+\.json$/.test(name))
  .map(
    (name) =>
      JSON.parse(readFileSync(path.join(outputDir, name), 'utf8')) as {
        label: string;
        rows: Row[];
      },
  )
  .sort((a, b) =>
    a.label === 'before' ? -1 : b.label === 'before' ? 1 : a.label.localeCompare(b.label),
  );
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const about = [
  'POST /api/reports/ with one file, through the app in process (app.inject), one request at a',
  'time, after one warm-up request. The photo is a 1400x1050 JPEG with EXIF; the video is H.264',
  '720p, 10 s, with AAC sound and location and title tags. "before" is the code before FFmpeg',
  '(hand-written MP4/WebM box editing in the request), measured with this script in a checkout',
  'of it (`BENCH_LABEL=before BENCH_OUTPUT_DIR=<this bench/output>`); "after" is FFmpeg.wasm in',
  'a worker per file. The event loop delay is sampled every 5 ms while the requests run.',
].join('\n');
const table = [
  about,
  '',
  '| code | evidence | MB | p50 ms | p95 ms | event loop delay p99 / max ms | samples |',
  '|---|---|---|---|---|---|---|',
  ...results.flatMap((result) =>
    result.rows.map(
      (row) =>
        `| ${result.label} | ${row.file} | ${mb(row.bytes)} | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.loopP99.toFixed(1)} / ${row.loopMax.toFixed(1)} | ${row.samples} |`,
    ),
  ),
].join('\n');
console.log(table);
if (label === 'after') await recordResult('Report submission with evidence', table);
await close();
