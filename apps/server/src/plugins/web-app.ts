import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { prerenderedListSchema } from '@candor/contract/web-build';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/ws/'];

/** Hashed build output: its name changes with its content, so it never needs checking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip' | 'identity';

type HtmlVariant = { body: Buffer; encoding: Encoding };
type HtmlPage = ReturnType<typeof loadHtml>;

/** An HTML file as built, with the .br and .gz copies the build wrote beside it, held in memory. */
function loadHtml(file: string) {
  const plain = readFileSync(file);
  const variants = new Map<Encoding, HtmlVariant>([
    ['identity', { body: plain, encoding: 'identity' }],
  ]);
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (existsSync(file + extension)) {
      variants.set(encoding, { body: readFileSync(file + extension), encoding });
    }
  }
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
  // Brotli first: smaller at the same cost to the client.
  const negotiator = new Negotiator<Encoding>({
    supportedValues: [...variants.keys()].sort((a, b) => order(a) - order(b)),
  });
  return { variants, etag, negotiator };
}

function order(encoding: Encoding) {
  return encoding === 'br' ? 0 : encoding === 'gzip' ? 1 : 2;
}

/** An address as the web app's router reads it: letter case and a trailing slash do not count. */
const routeKey = (pathname: string) => pathname.replace(/(.)\/+$/, '$1').toLowerCase();

/** The router's patterns (`/reports/:reportId`) as one expression over a `routeKey`. */
function routeMatcher(patterns: string[]) {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sources = patterns.map((pattern) =>
    routeKey(pattern)
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : literal(segment)))
      .join('/'),
  );
  return new RegExp(`^(?:${sources.join('|')})$`);
}

/** The language an address names by its first part (`/es/report`), and the rest of it. */
function languageOf(key: string, prefixes: readonly string[]) {
  const first = /^\/([^/]+)(\/.*)?$/.exec(key);
  if (first?.[1] && prefixes.includes(first[1])) {
    return { language: first[1], rest: first[2] ?? '/' };
  }
  return { language: 'en', rest: key };
}

/**
 * The pages drawn at build time, by address, and the "Page not found" page; none when the build
 * has no pre-rendered pages (every client route then gets index.html).
 */
function loadPrerendered(root: string) {
  const dir = path.join(root, 'prerendered');
  const listFile = path.join(dir, 'pages.json');
  if (!existsSync(listFile)) return null;
  // The build's own file: a list that is not what the server reads stops the start (zod says why).
  const list = prerenderedListSchema.parse(JSON.parse(readFileSync(listFile, 'utf8')));
  const clientRoutes = routeMatcher(list.routes);
  const pages = new Map<string, HtmlPage>();
  // A page drawn for a pattern (`/o/:slug/report`): its frame, the same at every address it
  // matches, which the app fills in once it has read what the address names.
  const patternPages: { matches: RegExp; page: HtmlPage }[] = [];
  for (const [pathname, file] of Object.entries(list.pages)) {
    const page = loadHtml(path.join(dir, file));
    if (pathname.includes('/:')) patternPages.push({ matches: routeMatcher([pathname]), page });
    else pages.set(routeKey(pathname), page);
  }
  const notFound = new Map(
    Object.entries(list.notFound).map(([language, file]) => [
      language.toLowerCase(),
      loadHtml(path.join(dir, file)),
    ]),
  );
  const prefixes = list.localePrefixes.map((prefix) => prefix.toLowerCase());
  // The same page in every language it was drawn in (`hreflang`), by address: the English page's
  // address names no language, and is also the default.
  const alternates = new Map<string, { hreflang: string; path: string }[]>();
  const drawn = Object.keys(list.pages).filter((pathname) => !pathname.includes('/:'));
  for (const pathname of drawn) {
    const { rest } = languageOf(routeKey(pathname), prefixes);
    const versions = drawn
      .map((other) => ({ other, ...languageOf(routeKey(other), prefixes) }))
      .filter((version) => version.rest === rest && !version.language.includes('-'))
      .map(({ other, language }) => ({ hreflang: language, path: other }));
    const english = versions.find((version) => version.hreflang === 'en');
    if (versions.length > 1 && english) {
      alternates.set(routeKey(pathname), [
        ...versions,
        { hreflang: 'x-default', path: english.path },
      ]);
    }
  }
  return {
    /** The page in each language, for search engines (an HTTP `Link` header per answer). */
    alternatesOf: (key: string) => alternates.get(key) ?? [],
    pages,
    patternPages,
    /** The "Page not found" page in the language an address names (English when none). */
    notFoundFor: (key: string) =>
      notFound.get(languageOf(key, prefixes).language) ?? (notFound.get('en') as HtmlPage),
    /** Whether the app draws a page at this address, below a language's part or not. */
    isClientRoute: (key: string) => clientRoutes.test(languageOf(key, prefixes).rest),
    scriptHashes: list.scriptHashes,
  };
}

/**
 * Serves the built web app with a fallback to index.html for client routes. API and WebSocket
 * paths, and missing files with an extension, keep answering 404 JSON.
 *
 * Files are sent as the build compressed them (brotli or gzip, chosen by `Accept-Encoding`,
 * with `Vary: Accept-Encoding`); hashed assets are cached for a year, everything else is
 * checked again on each visit. HTML is read once, at start, and answered from memory: a page the
 * build pre-rendered for its own address (or for a pattern that matches it), index.html (an empty shell the browser draws in) for
 * the other client routes, and the pre-rendered "Page not found" with status 404 for an address
 * no client route matches.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = app.ctx.config.webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No built web app in ${root}; run "npm run build" to serve it`);
    return;
  }
  const index = loadHtml(path.join(root, 'index.html'));
  const prerendered = loadPrerendered(root);
  // The pages' one inline script is allowed by its hash, on HTML answers only.
  if (prerendered) app.allowPageScripts(prerendered.scriptHashes);
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Pre-rendered pages are answered at their own addresses, below.
    allowedPath: (pathname) => !pathname.startsWith('/prerendered/'),
    setHeaders: (res, file) => {
      res.header('cache-control', file.includes(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: HtmlPage) => {
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', page.etag);
    // Before the 304 too: the browser takes the CSP it keeps for the page from the latest answer.
    reply.type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    const chosen = (accepted && page.negotiator.negotiate(accepted)) || 'identity';
    const variant = page.variants.get(chosen) ?? (page.variants.get('identity') as HtmlVariant);
    if (variant.encoding !== 'identity') reply.header('content-encoding', variant.encoding);
    return reply.send(variant.body);
  };

  // Every file except index.html becomes a route of its own.
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (isApi || path.extname(pathname) !== '') {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    if (!prerendered) return sendHtml(request, reply, index);
    const key = routeKey(pathname);
    const page =
      prerendered.pages.get(key) ??
      prerendered.patternPages.find((pattern) => pattern.matches.test(key))?.page;
    if (page) {
      const alternates = prerendered.alternatesOf(key);
      if (alternates.length > 0) {
        // Absolute addresses, as search engines require: PUBLIC_URL when the operator set it,
        // else the address this request came to.
        const origin =
          app.ctx.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
        reply.header(
          'link',
          alternates
            .map(
              ({ hreflang, path: at }) =>
                `<${origin}${at}>; rel="alternate"; hreflang="${hreflang}"`,
            )
            .join(', '),
        );
      }
      return sendHtml(request, reply, page);
    }
    if (prerendered.isClientRoute(key)) return sendHtml(request, reply, index);
    reply.code(404);
    return sendHtml(request, reply, prerendered.notFoundFor(key));
  });
});
