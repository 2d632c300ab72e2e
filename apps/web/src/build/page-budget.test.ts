// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { type PageWeight, pageWeight, readManifest, weighedPages } from './page-weight';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));
const KB = 1000;

/**
 * Gzipped JavaScript each page needs before it can draw, in the production build; every page
 * meets its goal. The landing page is drawn at build time and loads a small script of its own
 * (the app only for a signed-in visitor); the others load the app's entry and their own chunk.
 */
const budgets: Record<keyof typeof weighedPages, number> = {
  landing: 80 * KB,
  login: 110 * KB,
  register: 110 * KB,
  'become-admin': 110 * KB,
  contact: 110 * KB,
  // The readers a reporter may keep the report from (their checkboxes) came to 111.7 KB; with
  // the tags' palette among the shared labels and one date format, 113.1 KB; in six languages
  // (Lingui's runtime, the switcher, the form checks' words), 116.9 KB. The language's catalogue
  // (22 to 36 KB) is fetched with the page's chunks, not counted here (bench/README.md).
  'submit-report': 118 * KB,
  'admin-dashboard': 150 * KB,
  // A reporter without an account: at most 130 KB before they can act. The proof-of-work worker,
  // the metadata preview and the form's schema (zod) load after the page is shown.
  report: 130 * KB,
  'organization-report': 130 * KB,
  track: 130 * KB,
  verify: 110 * KB,
};

let dist: string;
const weights = new Map<string, PageWeight>();

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'candor-web-build-'));
  // The test runner sets NODE_ENV=test, which would build React's development files.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: dist, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const manifest = readManifest(dist);
  for (const [page, module] of Object.entries(weighedPages)) {
    weights.set(page, pageWeight(dist, manifest, module));
  }
}, 300_000);

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('page weight budgets (gzipped JavaScript before the page draws)', () => {
  it.each(Object.entries(budgets))('%s stays within its budget', (page, budget) => {
    const weight = weights.get(page) as PageWeight;
    expect(weight.files.length).toBeGreaterThan(page === 'landing' ? 0 : 1);
    expect(weight.gzipBytes, `${page}: ${weight.files.join(', ')}`).toBeLessThanOrEqual(budget);
  });

  it('keeps the chart, zod and the live notifications out of the landing page', () => {
    const landing = (weights.get('landing') as PageWeight).files.join(' ');
    expect(landing).not.toMatch(/schemas|zod|notification-bell|admin-dashboard|use-contract-form/);
  });

  it('draws the landing page without React: its script is its own small entry', () => {
    const landing = weights.get('landing') as PageWeight;
    expect(landing.files.join(' ')).toMatch(/landing-/);
    expect(landing.files.join(' ')).not.toMatch(/index-|jsx-runtime|react/);
    expect(landing.gzipBytes).toBeLessThan(5 * KB);
  });

  it.each(['report', 'organization-report', 'track', 'verify'])(
    'keeps zod, the proof-of-work worker and the metadata preview out of %s until the page is shown',
    (page) => {
      const files = (weights.get(page) as PageWeight).files.join(' ');
      // zod; the worker and altcha-lib's hashing (sha-); exifr (full.esm-), which reads a file's
      // metadata for the preview.
      expect(files).not.toMatch(/zod|proof-of-work\.worker|sha-|full\.esm|exifr/);
    },
  );

  it('keeps the conversation out of the report pages and the report form out of /track', () => {
    expect((weights.get('report') as PageWeight).files.join(' ')).not.toMatch(
      /message-list|message-composer|track-route/,
    );
    expect((weights.get('track') as PageWeight).files.join(' ')).not.toMatch(
      /intake-routes|report-fields|intake-report-page/,
    );
  });

  it('keeps the chart library, the decision form and zod out of the admin dashboard', () => {
    const admin = (weights.get('admin-dashboard') as PageWeight).files.join(' ');
    expect(admin).toMatch(/admin-dashboard-page-/);
    expect(admin).not.toMatch(/recharts|decision-dialog|use-contract-form|zod/);
  });
});
