import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per answered request: method, route pattern, status and duration. Never the client
 * address, user agent, concrete URL or query (which may carry signed links or tokens).
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
});
