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
  pageScript,
  prerenderedListText,
  languages,
  localeBase,
  localePrefixes,
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
    `${[`<script>${pageScript}</script>`, script, ...preloads].join('')}</head>`,
  );
}

/** A page's address in a language: English at the root, every other under its code. */
const addressIn = (language, pathname) =>
  `${localeBase(language)}${pathname === '/' && language !== 'en' ? '' : pathname}`;

/** The language's catalogue, fetched with the app's files so taking the page over waits for nothing. */
function catalogueChunk(language) {
  const key = `src/lib/i18n/catalogues/${language}.ts`;
  if (!manifest[key]) throw new Error(`The build manifest has no catalogue chunk for ${language}`);
  return manifest[key].file;
}

async function pageHtml(page, language) {
  const { html, title, description, lang, dir } = await renderPage(
    addressIn(language, page.path),
    page.titleId,
  );
  // The production CSP allows no inline script but the page's own, added below by its hash.
  if (/<script\b/i.test(html)) throw new Error(`${page.path} drew an inline script`);
  let document = template
    .replace(ROOT, `<div id="root">${html}</div>`)
    .replace(/<html lang="en">/, `<html lang="${lang}" dir="${dir}">`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description).replaceAll('"', '&quot;')}" />`,
    );
  if (!document.includes(`<html lang="${lang}" dir="${dir}">`)) {
    throw new Error('index.html has no <html lang="en">');
  }
  if (title) {
    document = document.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  }
  if (page.entry) return withOwnEntry(document, page.entry, []);
  const appChunks = [...entryChunks]
    .slice(1)
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'));
  return withOwnEntry(
    document,
    AFTER_PAINT_ENTRY,
    [...appChunks, catalogueChunk(language), ...pageChunks(page.module)],
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
const scriptHashes = [`sha256-${createHash('sha256').update(pageScript).digest('base64')}`];

rmSync(out, { recursive: true, force: true });
const pages = {};
const notFound = {};
for (const language of languages) {
  for (const page of prerenderedPages) {
    const address = addressIn(language, page.path);
    // A pattern's frame (`/o/:slug/report`) is kept as `o/_slug/report/index.html`.
    const file =
      address === '/' ? 'index.html' : `${address.slice(1).replaceAll(':', '_')}/index.html`;
    writeWithCopies(path.join(out, file), await pageHtml(page, language));
    pages[address] = file;
  }
  const notFoundFile = language === 'en' ? '404.html' : `${language}/404.html`;
  writeWithCopies(path.join(out, notFoundFile), await pageHtml(notFoundPage, language));
  notFound[language] = notFoundFile;
}
writeFileSync(
  path.join(out, 'pages.json'),
  prerenderedListText({
    pages,
    notFound,
    routes: routePatterns(),
    localePrefixes,
    scriptHashes,
  }),
);
console.log(
  `Pre-rendered ${Object.keys(pages).length} pages and ${languages.length} 404 pages into ${out}`,
);
