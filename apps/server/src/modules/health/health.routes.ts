import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, NotFoundError } from '../../lib/errors';
import { errorSummary } from '../../lib/logger';

const checkState = z.enum(['ok', 'failed']);
const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: checkState, storage: checkState }),
});

/** Whether `given` is the configured token, in time that does not depend on where they differ. */
function isToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const match = /^Bearer (.+)$/.exec(given);
  if (!match?.[1]) return false;
  // Digests of equal length, compared in constant time: neither content nor length leaks.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(expected));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** Liveness: the process answers and reaches its database. */
  app.get(
    '/health/',
    {
      schema: {
        tags: ['Site'],
        summary: 'Whether the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  /**
   * Readiness (docs/operating.md "Metrics and readiness"): the database answers and evidence can be
   * stored. 503 with which check failed otherwise; the reason is logged, never answered.
   */
  app.get(
    '/ready/',
    {
      schema: {
        tags: ['Site'],
        summary: 'Whether the database answers and evidence can be stored',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const run = async (name: string, check: () => Promise<unknown>) => {
        try {
          await check();
          return 'ok' as const;
        } catch (error) {
          app.log.warn({ error: errorSummary(error), check: name }, 'readiness check failed');
          return 'failed' as const;
        }
      };
      const [database, storage] = await Promise.all([
        run('database', () => ctx.db.execute(sql`select 1`)),
        run('storage', () => ctx.storage.check()),
      ]);
      const isReady = database === 'ok' && storage === 'ok';
      return reply
        .code(isReady ? 200 : 503)
        .send({ status: isReady ? 'ready' : 'unavailable', checks: { database, storage } });
    },
  );

  /**
   * Prometheus metrics (lib/metrics.ts): request counts and latencies by route pattern, live
   * sockets, job runs. Off (404) unless METRICS_TOKEN is set; then only with that bearer token.
   */
  app.get(
    '/metrics/',
    {
      schema: {
        tags: ['Site'],
        summary: 'Prometheus metrics, with the METRICS_TOKEN bearer token (404 when unset)',
        files: { 200: { description: 'Prometheus text format', types: ['text/plain'] } },
      },
    },
    async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (!token) throw new NotFoundError();
      if (!isToken(request.headers.authorization, token)) {
        throw new AppError(401, 'Send the metrics token as a bearer token.', {
          'www-authenticate': 'Bearer',
        });
      }
      ctx.metrics.liveSockets.set(app.notificationHub.socketCount());
      return reply
        .header('content-type', ctx.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await ctx.metrics.registry.metrics());
    },
  );
};
