import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Counts every answered request and its time in the process's metrics (lib/metrics.ts), by
 * method, route pattern and status class: never the concrete URL, its query, or who asked.
 * Requests no route matched share one label, so probes of random paths add no series.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { metrics } = app.ctx;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
});
