// Draws the public pages at build time (src/entry-server.tsx, built by `vite build --ssr` into
// .ssr/) and writes each beside the app as HTML the browser hydrates, with .br and .gz copies as
// the client build writes for its files. apps/server/src/plugins/web-app.ts serves them from
// memory: a pre-rendered page for its address, the empty index.html for every other client route,
// and the pre-rendered "Page not found" with status 404 for an address no route matches.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const out = path.join(dist, 'prerendered');
const ssrEntry = path.join(webRoot, '.ssr', 'entry-server.js');

const { prerenderedPages, notFoundPage, renderPage, routePatterns } = await import(
  pathToFileURL(ssrEntry).href
);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const ROOT = '<div id="root"></div>';
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

/** `<link rel=modulepreload>` for a page's chunk and the chunks it needs beyond the entry's. */
function preloadsFor(module) {
  if (!manifest[module]) throw new Error(`The build manifest has no chunk for ${module}`);
  return [...staticImports(module)]
    .filter((key) => !entryChunks.has(key))
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const entryFile = manifest[entryKey].file;
const entryTags = new RegExp(
  `\\s*<script type="module" crossorigin src="/${entryFile}"></script>|\\s*<link rel="modulepreload"[^>]*>`,
  'g',
);

/** The page's own entry in place of the app's; it loads the app by the address given here. */
function withOwnEntry(document, entry) {
  if (!manifest[entry]?.isEntry) throw new Error(`The build manifest has no entry ${entry}`);
  const preloads = [...staticImports(entry)]
    .slice(1)
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  const script = `<script type="module" crossorigin src="/${manifest[entry].file}" data-app-entry="/${entryFile}"></script>`;
  const withoutApp = document.replace(entryTags, '');
  if (withoutApp.includes(entryFile))
    throw new Error(`index.html loads ${entryFile} in a way not replaced`);
  return withoutApp.replace('</head>', `${[script, ...preloads].join('')}</head>`);
}

async function pageHtml(page) {
  const { html, title } = await renderPage(page.path);
  // The production CSP allows no inline script (apps/server/src/plugins/security.ts).
  if (/<script\b/i.test(html)) throw new Error(`${page.path} drew an inline script`);
  const pageTitle = page.title ?? title;
  let document = template.replace(ROOT, `<div id="root">${html}</div>`);
  if (pageTitle) {
    document = document.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle)}</title>`);
  }
  if (page.entry) return withOwnEntry(document, page.entry);
  return document.replace('</head>', `${preloadsFor(page.module)}</head>`);
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

rmSync(out, { recursive: true, force: true });
const pages = {};
for (const page of prerenderedPages) {
  const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
  writeWithCopies(path.join(out, file), await pageHtml(page));
  pages[page.path] = file;
}
writeWithCopies(path.join(out, '404.html'), await pageHtml(notFoundPage));
writeFileSync(
  path.join(out, 'pages.json'),
  `${JSON.stringify({ pages, notFound: '404.html', routes: routePatterns() }, null, 2)}\n`,
);
console.log(`Pre-rendered ${Object.keys(pages).length} pages and the 404 page into ${out}`);
