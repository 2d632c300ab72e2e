// Draws the public pages at build time (src/entry-server.tsx, built by `vite build --ssr` into
// .ssr/) and writes each beside the app as HTML the browser hydrates, with .br and .gz copies as
// the client build writes for its files. apps/server/src/plugins/web-app.ts serves them from
// memory: a pre-rendered page for its address, the empty index.html for every other client route,
// and the pre-rendered "Page not found" with status 404 for an address no route matches.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const out = path.join(dist, 'prerendered');
const ssrEntry = path.join(webRoot, '.ssr', 'entry-server.js');

const {
  prerenderedPages,
  notFoundPage,
  renderPage,
  routePatterns,
  sessionMarkScript,
  prerenderedListText,
} = await import(pathToFileURL(ssrEntry).href);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const ROOT = '<div id="root"></div>';
/** What every pre-rendered page but one with its own entry starts from. */
const AFTER_PAINT_ENTRY = 'src/after-paint.ts';
if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);

/** Files the entry already loads (its own script and its static imports). */
function staticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticImports(imported, seen);
  return seen;
}
const entryKey = Object.keys(manifest).find(
  (key) => manifest[key].isEntry && key.endsWith('.html'),
);
const entryChunks = staticImports(entryKey);

/** The chunks a page needs beyond its entry's: its own and what it imports. */
function pageChunks(module) {
  if (!manifest[module]) throw new Error(`The build manifest has no chunk for ${module}`);
  return [...staticImports(module)]
    .filter((key) => !entryChunks.has(key))
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
}

/**
 * The page's chunks that can run before the app does, because nothing they import is the app's
 * entry (which takes the page over as it runs): zod, the contract's schemas, formats. Each comes
 * after what it imports, so after-paint.ts can run them one at a time, each in a short task of
 * its own, while the app's entry is still on its way.
 */
function earlyChunks(module) {
  const order = [];
  const visit = (key, seen) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported, seen);
    order.push(key);
  };
  visit(module, new Set());
  return order
    .filter((key) => !entryChunks.has(key) && !staticImports(key).has(entryKey))
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const entryFile = manifest[entryKey].file;
const entryTags = new RegExp(
  `\\s*<script type="module" crossorigin src="/${entryFile}"></script>|\\s*<link rel="modulepreload"[^>]*>`,
  'g',
);

/**
 * The page's own small entry in place of the app's, which it loads when needed; `chunks` are the
 * files to fetch beside the app's entry when it does (the entry's imports and the page's chunks),
 * and `early` those of them to run before it (see earlyChunks).
 */
function withOwnEntry(document, entry, chunks, early = []) {
  if (!manifest[entry]?.isEntry) throw new Error(`The build manifest has no entry ${entry}`);
  const preloads = [...staticImports(entry)]
    .slice(1)
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  const attributes = [
    `src="/${manifest[entry].file}"`,
    `data-app-entry="/${entryFile}"`,
    ...(chunks.length > 0
      ? [`data-page-chunks="${chunks.map((file) => `/${file}`).join(' ')}"`]
      : []),
    ...(early.length > 0
      ? [`data-early-chunks="${early.map((file) => `/${file}`).join(' ')}"`]
      : []),
  ];
  const script = `<script type="module" crossorigin ${attributes.join(' ')}></script>`;
  const withoutApp = document.replace(entryTags, '');
  if (withoutApp.includes(entryFile)) {
    throw new Error(`index.html loads ${entryFile} in a way not replaced`);
  }
  return withoutApp.replace(
    '</head>',
    `${[`<script>${sessionMarkScript}</script>`, script, ...preloads].join('')}</head>`,
  );
}

async function pageHtml(page) {
  const { html, title } = await renderPage(page.path);
  // The production CSP allows no inline script but the session mark, added below by its hash.
  if (/<script\b/i.test(html)) throw new Error(`${page.path} drew an inline script`);
  const pageTitle = page.title ?? title;
  let document = template.replace(ROOT, `<div id="root">${html}</div>`);
  if (pageTitle) {
    document = document.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle)}</title>`);
  }
  if (page.entry) return withOwnEntry(document, page.entry, []);
  const appChunks = [...entryChunks]
    .slice(1)
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
  return withOwnEntry(
    document,
    AFTER_PAINT_ENTRY,
    [...appChunks, ...pageChunks(page.module)],
    earlyChunks(page.module),
  );
}

function writeWithCopies(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

/**
 * The one script every pre-rendered page carries inline: it marks a stored session before the
 * first paint (lib/auth/session-hint.ts). The server's CSP allows it by this hash, and no other.
 */
const scriptHashes = [`sha256-${createHash('sha256').update(sessionMarkScript).digest('base64')}`];

rmSync(out, { recursive: true, force: true });
const pages = {};
for (const page of prerenderedPages) {
  // A pattern's frame (`/o/:slug/report`) is kept as `o/_slug/report/index.html`.
  const file =
    page.path === '/' ? 'index.html' : `${page.path.slice(1).replaceAll(':', '_')}/index.html`;
  writeWithCopies(path.join(out, file), await pageHtml(page));
  pages[page.path] = file;
}
writeWithCopies(path.join(out, '404.html'), await pageHtml(notFoundPage));
writeFileSync(
  path.join(out, 'pages.json'),
  prerenderedListText({ pages, notFound: '404.html', routes: routePatterns(), scriptHashes }),
);
console.log(`Pre-rendered ${Object.keys(pages).length} pages and the 404 page into ${out}`);
