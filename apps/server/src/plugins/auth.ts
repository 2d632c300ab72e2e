import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthState } from '../modules/accounts/caller';
import { resolveAccessToken } from '../modules/accounts/caller.service';

/** A bearer token from the Authorization header, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the caller from the access token on every request (modules/accounts/caller.ts). */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as unknown as AuthState);
  app.addHook('onRequest', async (request) => {
    request.auth = { user: null, invalid: false };
    const token = bearerToken(request);
    if (!token) return;
    const resolved = await resolveAccessToken(app.ctx, token);
    if (resolved) request.auth.user = resolved.user;
    else request.auth.invalid = true;
  });
});
