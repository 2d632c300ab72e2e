// Proof of work for reports without an account, in the browser that solves it (README
// "Reporting without an account"): Debian's Chromium opens /report on the real app, fills the
// form and taps "Submit Report"; the figure is the time from the tap to the report's request,
// which is how long the visitor waits for the work. The form starts the work when it opens, so
// a visitor who writes for a while waits for nothing; one who sends at once (the bench types in
// milliseconds) waits for nearly the whole solve. Measured in a Web Worker as the page does it,
// and on the page's own thread with the CPU slowed 4 and 6 times as a phone stand-in (Chromium
// throttles a page's thread, not a worker's). Needs `npm run build -w apps/web` first.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, chromium } from 'playwright-core';
import { chromiumFlags } from '../e2e/support/chromium';
import { startBenchApp } from './support/app';
import { percentile, recordResult } from './support/results';

const runs = Number(process.env.RUNS ?? 12);
const webDist = path.resolve(
  process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'apps', 'web', 'dist'),
);
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('Build the web app first: npm run build -w apps/web');
}

const WRITING_MS = Number(process.env.WRITING_MS ?? 15_000);
type Setting = { label: string; cpuSlowdown: number; worker: boolean; writingMs: number };
const settings: Setting[] = [
  { label: 'Web Worker, this machine, sent at once', cpuSlowdown: 1, worker: true, writingMs: 0 },
  { label: 'page thread, this machine, sent at once', cpuSlowdown: 1, worker: false, writingMs: 0 },
  {
    label: 'page thread, CPU 4x slower, sent at once',
    cpuSlowdown: 4,
    worker: false,
    writingMs: 0,
  },
  {
    label: 'page thread, CPU 6x slower, sent at once',
    cpuSlowdown: 6,
    worker: false,
    writingMs: 0,
  },
  {
    label: `page thread, CPU 6x slower, sent after ${WRITING_MS / 1000} s of writing`,
    cpuSlowdown: 6,
    worker: false,
    writingMs: WRITING_MS,
  },
];

type Sample = { solve: number; wait: number };

async function solveOnce(browser: Browser, origin: string, setting: Setting): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Without a Worker the page solves on its own thread (proof-of-work.ts), where throttling applies.
  if (!setting.worker) await page.addInitScript('delete globalThis.Worker');
  // The report itself is not filed: the bench stops at the request that carries the proof.
  await page.route('**/api/intake/reports/', (route) =>
    route.fulfill({ status: 429, json: { detail: 'bench' } }),
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: setting.cpuSlowdown });
  let challengeAnswered = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/api/intake/challenge/')) challengeAnswered = performance.now();
  });
  await page.goto(`${origin}/report`);
  await page.getByLabel('Title').fill('Bench report');
  await page.getByLabel('Category').selectOption('other');
  await page.getByLabel('Detailed Description').fill('Measuring the proof of work.');
  // The visitor's writing time, not a wait for the app.
  if (setting.writingMs > 0) await page.waitForTimeout(setting.writingMs);
  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/intake/reports/'),
    { timeout: 120_000 },
  );
  const start = performance.now();
  await page.getByRole('button', { name: /^Submit Report/ }).click();
  await sent;
  const end = performance.now();
  await context.close();
  // Sent at once, the request waits for the solution: challenge answered -> request is the solve.
  return { solve: end - challengeAnswered, wait: end - start };
}

const bench = await startBenchApp({ env: { WEB_DIST_DIR: webDist } });
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...chromiumFlags],
});
const rows: string[] = [];
try {
  for (const setting of settings) {
    const samples: Sample[] = [];
    for (let run = 0; run < runs; run += 1)
      samples.push(await solveOnce(browser, address, setting));
    const ms = (value: number) => `${Math.round(value)}`;
    const solve = samples.map((sample) => sample.solve);
    const wait = samples.map((sample) => sample.wait);
    const solveCell =
      setting.writingMs === 0
        ? `${ms(percentile(solve, 50))} / ${ms(percentile(solve, 95))}`
        : 'done while writing';
    rows.push(
      `| ${setting.label} | ${runs} | ${solveCell} | ${ms(percentile(wait, 50))} / ${ms(percentile(wait, 95))} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await browser.close();
  await bench.close();
}

await recordResult(
  'Proof of work in the browser',
  [
    `/report with the default difficulty (\`INTAKE_PROOF_OF_WORK\`), ${runs} runs each, in ms. Solve: from the challenge's answer to the report's request when the form is sent at once. Tap to request: from the tap on "Submit Report" to the report's request, which includes the tap itself and the form's checks on a slowed page; after writing, the solution is ready and waits. Run with \`npm run bench:proof-of-work\`.`,
    '',
    '| Where it is solved | Runs | Solve p50 / p95 | Tap to request p50 / p95 |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n'),
);
