import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthState } from '../modules/auth/caller';
import { resolveAccessToken } from '../modules/auth/caller.service';
import { ACCOUNT_CHANGES_CHANNEL, parseAccountChange } from '../modules/users/account-changes';

/**
 * What a signed-out client may send in place of a token: the original product's own frontend
 * sends `Authorization: Bearer null`. Each means no token, so a route anyone may call answers
 * as it does without the header, and a route that needs a token answers 401 as without one.
 */
const NO_TOKEN = new Set(['', 'null', 'undefined']);

/** A bearer token from the Authorization header, or null when there is none. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (!match) return null;
  const token = (match[1] ?? '').trim();
  return NO_TOKEN.has(token) ? null : token;
}

/** Requests that never change an account: every other one may. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller from the access token on every request (modules/auth/caller.ts), their
 * account read through this process's caller cache (modules/users/caller-cache.ts), which is
 * kept true this way:
 * - every request that may write (any method but GET, HEAD, OPTIONS) empties it before its answer
 *   leaves, whatever it changed: the client's next request, here, reads accounts afresh; so
 *   whichever route changes an account is covered without a list. Only the writes that plainly
 *   change no account and come often (logins, refreshes, messages, reports, notices read) say so
 *   (CHANGES_NO_ACCOUNT) and leave it as it is;
 * - a change committed by any process (or by hand, or by a management command) is signalled by
 *   the database on the account-changes channel (migration 0022): the account is read again;
 * - signals missed while the listening connection was down: everything is read again when it is
 *   back, and meanwhile no entry outlives its short TTL.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { ctx } = app;
  app.decorateRequest('auth', null as unknown as AuthState);
  app.addHook('onRequest', async (request) => {
    request.auth = { user: null, invalid: false };
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const resolved = await resolveAccessToken(ctx, token);
    if (resolved) request.auth.user = resolved.user;
    else request.auth.invalid = true;
  });
  const afterWrite = (request: FastifyRequest) => {
    if (READ_METHODS.has(request.method)) return;
    if (request.routeOptions.config.changesNoAccount === true) return;
    ctx.callers.clear();
  };
  app.addHook('onSend', (request, _reply, payload, done) => {
    afterWrite(request);
    done(null, payload);
  });
  // Also once the answer is gone, for a write that ended without one (the client went away).
  app.addHook('onResponse', (request, _reply, done) => {
    afterWrite(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    afterWrite(request);
    done();
  });

  const unlisten = await ctx.database.listen(ACCOUNT_CHANGES_CHANNEL, (payload) => {
    const change = parseAccountChange(payload);
    if (change) ctx.callers.forget(change.userId);
  });
  const stopResync = ctx.database.onListenResumed(() => ctx.callers.clear());
  app.addHook('onClose', async () => {
    stopResync();
    await unlisten();
  });
});
