import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/ws/'];

/**
 * Serves the built web app with a fallback to index.html for client routes. API and WebSocket
 * paths, and missing files with an extension, keep answering 404 JSON.
 */
export const webAppPlugin = fp(async (app: FastifyInstance) => {
  const root = app.ctx.config.webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`No built web app in ${root}; run "npm run build" to serve it`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, file) => {
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // Every file except index.html becomes a route of its own.
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (isApi || path.extname(pathname) !== '') {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
