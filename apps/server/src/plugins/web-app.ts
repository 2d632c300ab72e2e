import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/ws/'];

/** Hashed build output: its name changes with its content, so it never needs checking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip' | 'identity';

type IndexVariant = { body: Buffer; encoding: Encoding };

/** index.html as built, with the .br and .gz copies the build wrote beside it, held in memory. */
function loadIndex(root: string) {
  const file = path.join(root, 'index.html');
  const plain = readFileSync(file);
  const variants = new Map<Encoding, IndexVariant>([
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

/**
 * Serves the built web app with a fallback to index.html for client routes. API and WebSocket
 * paths, and missing files with an extension, keep answering 404 JSON.
 *
 * Files are sent as the build compressed them (brotli or gzip, chosen by `Accept-Encoding`,
 * with `Vary: Accept-Encoding`); hashed assets are cached for a year, everything else is
 * checked again on each visit. index.html is read once, at start, and answered from memory.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = app.ctx.config.webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No built web app in ${root}; run "npm run build" to serve it`);
    return;
  }
  const index = loadIndex(root);
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, file) => {
      res.header('cache-control', file.includes(assetsDir) ? IMMUTABLE : 'no-cache');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', index.etag);
    if (request.headers['if-none-match'] === index.etag) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    const chosen = (accepted && index.negotiator.negotiate(accepted)) || 'identity';
    const variant = index.variants.get(chosen) ?? (index.variants.get('identity') as IndexVariant);
    if (variant.encoding !== 'identity') reply.header('content-encoding', variant.encoding);
    reply.type('text/html; charset=utf-8');
    return reply.send(variant.body);
  };

  // Every file except index.html becomes a route of its own.
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (isApi || path.extname(pathname) !== '') {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    return sendIndex(request, reply);
  });
});
