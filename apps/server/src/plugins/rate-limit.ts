import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clientAddressKey } from '../lib/client-address';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Opt-in per route (`config.rateLimit`). Counters are shared through Redis when REDIS_URL is
 * set, so every server process counts together. Keys of report and message routes must not be
 * the client address (docs/protection.md "Protecting reporters"): those routes set their own `keyGenerator`.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { redis } = app.ctx;
  if (redis) {
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'candor-rl:',
    // By client (an IPv4 address, an IPv6 /64: lib/client-address.ts), hashed with a key, so
    // the counter store holds no address. Routes about reports and messages set their own key.
    keyGenerator: (request) => app.ctx.hash('rate.address', clientAddressKey(request.ip)),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
});
