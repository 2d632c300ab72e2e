import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageModules } from './page-modules';

/** One entry of Vite's build manifest (`build.manifest`), as far as this reads it. */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The app's entry (index.html) and the landing page's own small one (src/landing.ts). */
export const APP_ENTRY = 'index.html';
export const LANDING_ENTRY = 'src/landing.ts';

/**
 * The pages with a weight budget, by the module that draws them. The landing page is
 * pre-rendered and loads only its own entry before it draws (scripts/prerender.mjs): `null`.
 */
export const weighedPages = {
  landing: null,
  login: pageModules.login,
  register: pageModules.register,
  'become-admin': pageModules.becomeAdmin,
  contact: pageModules.contact,
  'submit-report': pageModules.submitReport,
  // A reporter without an account: /report and /o/{slug}/report draw the same module.
  report: pageModules.intake,
  'organization-report': pageModules.intake,
  track: pageModules.track,
  verify: pageModules.verifyCertificate,
  'admin-dashboard': pageModules.adminDashboard,
} as const;

export type PageWeight = { files: string[]; gzipBytes: number; rawBytes: number };

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
}

/**
 * The JavaScript a page needs before it can draw: its entry, the page's own chunk (none for the
 * landing page, drawn at build time), and every chunk they import statically (chunks loaded later,
 * on demand, are not counted), gzipped at level 9 as the build's own `.gz` copies are.
 */
export function pageWeight(
  distDir: string,
  manifest: Manifest,
  pageModule: string | null,
): PageWeight {
  const entry = pageModule === null ? LANDING_ENTRY : APP_ENTRY;
  if (!manifest[entry]?.isEntry) throw new Error(`The manifest has no entry ${entry}`);
  if (pageModule && !manifest[pageModule]) {
    throw new Error(`The manifest has no chunk for ${pageModule}`);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  if (pageModule) visit(pageModule);
  const files = [...seen]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') === true)
    .sort();
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(distDir, file));
    gzipBytes += gzipSync(content, { level: 9 }).length;
    rawBytes += content.length;
  }
  return { files, gzipBytes, rawBytes };
}
