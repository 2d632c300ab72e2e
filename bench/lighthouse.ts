// Lighthouse in mobile mode (its default: a mid-range phone on a slow 4G connection, simulated)
// against the built app served by a real server process, on Debian's Chromium. Public pages are
// measured signed out; /submit-report and /admin-dashboard signed in as the superuser, whose
// tokens are put in the browser's storage first (as the app keeps them) and kept across the run.
// An organisation is seeded first (applied for and approved through the API) for its intake page,
// /o/{slug}/report.
// Needs `npm run build`. Writes the table to bench/README.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config';
import { ownServerEnv, startServerProcess } from '../apps/server/test/server-process';
import { chromiumFlags } from '../e2e/support/chromium';
import { recordResult } from './support/results';

const webDist = path.join(import.meta.dirname, '..', 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('Lighthouse measures the built web app: run "npm run build" first');
}
const RUNS = Number(process.env.RUNS ?? 3);
const label = process.env.BENCH_LABEL ?? 'current';

const config = loadConfig({
  DATA_DIR: '/tmp/candor-bench-unused',
  JWT_SECRET: randomBytes(36).toString('base64url'),
  OWNER_HASH_SECRET: randomBytes(36).toString('base64url'),
  ENCRYPTION_KEYS: `b1:${randomBytes(32).toString('base64')}`,
});
const superuser = { username: 'bench_superuser', password: 'bench-superuser-passphrase' };
const server = await startServerProcess({
  ...ownServerEnv(config),
  NODE_ENV: 'production',
  WEB_DIST_DIR: webDist,
  SUPERUSER_USERNAME: superuser.username,
  SUPERUSER_PASSWORD: superuser.password,
});

const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...chromiumFlags],
});

async function api<T>(path: string, body: unknown, access?: string): Promise<T> {
  const response = await fetch(`${server.httpBase}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type Tokens = { access: string; refresh: string };

/** An organisation with its administrator, applied for and approved: its intake page's slug. */
async function seedOrganization(): Promise<string> {
  const admin = { username: 'bench_org_admin', password: 'bench-org-admin-passphrase' };
  await api('/api/accounts/register/', admin);
  const applicant = await api<Tokens>('/api/accounts/login/', admin);
  const applied = await api<{ id: number }>(
    '/api/accounts/admin-access-request/',
    {
      request_type: 'organization',
      email: 'bench-org-admin@example.test',
      phone: '+1 555 0100',
      justification: 'We run the depot and want staff to be able to speak up.',
      organization_type: 'corporate',
      organization_name: 'Riverside Depot',
    },
    applicant.access,
  );
  const root = await api<Tokens>('/api/accounts/login/', superuser);
  await api(`/api/accounts/admin-access-review/${applied.id}/`, { action: 'approve' }, root.access);
  const approved = await api<Tokens>('/api/accounts/login/', admin);
  const mine = await api<{ slug: string }>('/api/organizations/mine/', undefined, approved.access);
  return mine.slug;
}
const organizationSlug = await seedOrganization();

/** Signs in through the API and leaves the tokens where the app looks for them. */
async function signIn() {
  const response = await fetch(`${server.httpBase}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superuser),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const tokens = (await response.json()) as { access: string; refresh: string };
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const page = await context.newPage();
  await page.goto(`${server.httpBase}/404-for-storage`);
  const entries = { accessToken: tokens.access, refreshToken: tokens.refresh, isSuperuser: 'true' };
  await page.evaluate(
    `for (const [key, value] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(key, value)`,
  );
  await page.close();
  await browser.close();
}

type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  /** JavaScript transferred while Lighthouse loaded the page (compressed), in bytes. */
  scriptBytes: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
};

/** Recordings Lighthouse itself reported as broken (NO_NAVSTART and the like), run again. */
const MAX_ATTEMPTS = 3;
let brokenRecordings = 0;

async function audit(route: string, signedIn: boolean): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    const scores = await auditOnce(route, signedIn);
    if (scores) return scores;
    brokenRecordings += 1;
    if (attempt === MAX_ATTEMPTS) throw new Error(`Lighthouse could not record ${route}`);
  }
}

/** One Lighthouse run; null when Lighthouse says its own recording failed. */
async function auditOnce(route: string, signedIn: boolean): Promise<Scores | null> {
  if (signedIn) await signIn();
  const result = await lighthouse(`${server.httpBase}${route}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse answered nothing for ${route}`);
  // `REPORTS=<dir>`: each run's whole report, to see what the main thread did (`bootup-time`).
  if (process.env.REPORTS) {
    mkdirSync(process.env.REPORTS, { recursive: true });
    const name = `${route.replace(/\W+/g, '-')}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.REPORTS, name), JSON.stringify(result.lhr));
  }
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) {
    console.log(route, 'recording failed, run again:', runtimeError.code);
    return null;
  }
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    scriptBytes: scriptTransfer(audits['resource-summary']?.details),
    benchmarkIndex: environment.benchmarkIndex,
  };
}

/** The `script` row of Lighthouse's resource summary: what the page's JavaScript weighed. */
function scriptTransfer(details: unknown): number {
  const items = (details as { items?: { resourceType: string; transferSize: number }[] })?.items;
  return items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
}

const allPages: { route: string; signedIn: boolean }[] = [
  { route: '/', signedIn: false },
  { route: '/login', signedIn: false },
  { route: '/register', signedIn: false },
  { route: '/become-admin', signedIn: false },
  { route: '/contact-us', signedIn: false },
  { route: '/report', signedIn: false },
  { route: `/o/${organizationSlug}/report`, signedIn: false },
  { route: '/track', signedIn: false },
  { route: '/submit-report', signedIn: true },
  { route: '/admin-dashboard', signedIn: true },
  // The same public pages in Spanish and in Arabic (right to left), each drawn at build time.
  ...['es', 'ar'].flatMap((language) =>
    ['', '/report', '/login'].map((route) => ({
      route: `/${language}${route}`,
      signedIn: false,
    })),
  ),
];
/** `PAGES=/report,/o/{slug}/report` measures only those; every page when unset. */
const only = process.env.PAGES?.split(',').filter(Boolean);
const named = (route: string) => route.replace(organizationSlug, '{slug}');
const pages = only ? allPages.filter((page) => only.includes(named(page.route))) : allPages;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const rows: string[] = [];
const benchmarkIndexes: number[] = [];
try {
  for (const page of pages) {
    const runs: Scores[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(page.route, page.signedIn));
    benchmarkIndexes.push(...runs.map((run) => run.benchmarkIndex));
    // The run with the median performance score, so its figures belong together.
    const perf = median(runs.map((run) => run.performance));
    const chosen = runs.find((run) => run.performance === perf) as Scores;
    console.log(page.route, chosen);
    rows.push(
      `| \`${named(page.route)}\`${page.signedIn ? ' (signed in)' : ''} | ${chosen.performance} | ${(chosen.fcp / 1000).toFixed(1)} | ${(chosen.lcp / 1000).toFixed(1)} | ${chosen.cls.toFixed(3)} | ${Math.round(chosen.tbt)} | ${(chosen.scriptBytes / 1000).toFixed(1)} | ${chosen.accessibility} | ${chosen.bestPractices} | ${chosen.seo} | ${runs.map((run) => run.performance).join(', ')} |`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
}

// A run of some pages has a section of its own beside the whole table (which a whole run replaces).
const heading = only ? `Lighthouse, mobile: ${only.join(', ')}` : 'Lighthouse, mobile';
await recordResult(
  `${heading} (${label})`,
  [
    `Lighthouse 12 in its default mobile mode (simulated slow 4G, 4x CPU slowdown), Debian`,
    `Chromium, against the production build served by \`npm start\`'s server; the median of ${RUNS}`,
    'runs by performance score. Goal on every page: performance at least 95, LCP at most 1.5 s,',
    'accessibility, best practices and SEO 100; on the pages of a reporter without an account',
    '(`/report`, `/o/{slug}/report`, `/track`) performance 100 in every run, and on the Spanish and',
    'Arabic landing, `/report` and `/login` pages performance 100. JS KB: the JavaScript',
    'transferred (compressed) while the page loaded, as Lighthouse counts it; what a page needs',
    'before it can be used is budgeted in apps/web/src/build/page-budget.test.ts.',
    "Lighthouse's CPU benchmark of this machine ranged",
    `${Math.round(Math.min(...benchmarkIndexes))} to ${Math.round(Math.max(...benchmarkIndexes))} over the runs (higher is faster); recordings`,
    `Lighthouse reported broken and that were run again: ${brokenRecordings}.`,
    '',
    '| page | performance | FCP s | LCP s | CLS | TBT ms | JS KB | accessibility | best practices | SEO | every run |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
  heading,
);
process.exit(0);
