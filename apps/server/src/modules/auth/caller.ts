import type { Plan, Role } from '@candor/contract/enums';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { clientAddressKey } from '../../lib/client-address';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';

/** The account behind a request's access token, read fresh on every request. */
export type AuthUser = {
  id: number;
  username: string;
  role: Role;
  plan: Plan;
  isSuperuser: boolean;
  organizationId: number | null;
  /** Part of the tag of each of the account's anonymous reports (owners/owner-index.ts). */
  ownerSalt: string;
  /**
   * The staff role held back until the second factor is given or enrolled (modules/two-factor/
   * standing.ts); `role` and `isSuperuser` are then those of a plain user. Absent or null else.
   */
  withheld?: { role: Role; isSuperuser: boolean } | null;
  /**
   * The version of the account's logins the request's token was signed in (users.token_epoch):
   * part of what a kept answer is kept under (lib/read-cache.ts). Absent outside a request.
   */
  tokenEpoch?: number;
};

/** Set on every request by plugins/auth.ts: the caller, or whether a token was given but bad. */
export type AuthState = { user: AuthUser | null; invalid: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

const INVALID_TOKEN = 'Given token not valid for any token type';

/** The caller when a token is present; null when none. A bad token is refused. */
export function optionalUser(request: FastifyRequest): AuthUser | null {
  if (request.auth.invalid) throw new UnauthorizedError(INVALID_TOKEN);
  return request.auth.user;
}

export function requireUser(request: FastifyRequest): AuthUser {
  const user = optionalUser(request);
  if (!user) throw new UnauthorizedError();
  return user;
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new ForbiddenError();
  return user;
}

export function requireSuperuser(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.isSuperuser) throw new ForbiddenError();
  return user;
}

/**
 * Route hooks that refuse the caller before the body is validated, so an anonymous request
 * learns nothing about the shape a route expects: `{ onRequest: guards.user }`.
 */
export const guards = {
  /** A bad token is refused; no token is fine. */
  optional: async (request: FastifyRequest) => {
    optionalUser(request);
  },
  user: async (request: FastifyRequest) => {
    requireUser(request);
  },
  admin: async (request: FastifyRequest) => {
    requireAdmin(request);
  },
  superuser: async (request: FastifyRequest) => {
    requireSuperuser(request);
  },
};

/**
 * Route config: at most `max` requests a minute from one client address (the rate-limit
 * plugin's key), for routes anyone may call, such as logging in or registering.
 */
export function addressLimit(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}

/**
 * Route config for writes a person makes (reports, messages): at most RATE_LIMIT_WRITE_PER_MINUTE
 * a minute per account, counted after authentication and keyed by a keyed hash of the account,
 * never the address (docs/protection.md "Protecting reporters"). `purpose` keeps each route's count apart.
 */
export function accountWriteLimit(ctx: Pick<AppContext, 'config' | 'hash'>, purpose: string) {
  return {
    rateLimit: {
      max: ctx.config.rateLimits.writePerMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => ctx.hash(purpose, request.auth.user?.id ?? 0),
    },
  };
}

/**
 * Route config of a write that changes no account (in what `findCaller` reads: role, standing,
 * organisation, second factor): its answer leaves the caller cache (modules/users/caller-cache.ts) as it is (plugins/auth.ts).
 * Every other write empties it. A route marked so that came to change an account after all would
 * still be seen by every process when the database signals it (migration 0022), milliseconds
 * later, as a change made by another process is; the mark is for routes that plainly do not.
 */
export const CHANGES_NO_ACCOUNT = { changesNoAccount: true } as const;

/**
 * Per-address limits of routes without an account key on a keyed hash of the address: the
 * address itself reaches neither the counter store nor the log (docs/protection.md "Protecting reporters").
 */
export function perAddress(
  ctx: Pick<AppContext, 'hash'>,
  purpose: string,
  max: number,
  windowMs: number,
) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      keyGenerator: (request: FastifyRequest) => ctx.hash(purpose, clientAddressKey(request.ip)),
    },
  };
}
