import type { AccessClaims } from '@candor/contract/accounts';
import type { Plan, Role } from '@candor/contract/enums';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';

export type AuthUser = {
  id: number;
  username: string;
  role: Role;
  plan: Plan;
  isSuperuser: boolean;
  organizationId: number | null;
};

type AuthState = { user: AuthUser | null; invalid: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

const INVALID_TOKEN = 'Given token not valid for any token type';

/** A bearer token from the Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * The active account behind an access token, with the token's claims, or null when the token
 * is invalid or expired or the account is gone or deactivated. The user row is read each time
 * so a deactivated account or a changed role takes effect at once, not when the token expires.
 */
export async function resolveAccessToken(
  ctx: Pick<AppContext, 'db' | 'accessTokens'>,
  token: string,
): Promise<{ claims: AccessClaims; user: AuthUser } | null> {
  const claims = await ctx.accessTokens.verify(token);
  if (!claims) return null;
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      plan: users.plan,
      isSuperuser: users.isSuperuser,
      isActive: users.isActive,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(eq(users.id, claims.user_id));
  if (!row?.isActive) return null;
  return {
    claims,
    user: {
      id: row.id,
      username: row.username,
      role: row.role as Role,
      plan: row.plan as Plan,
      isSuperuser: row.isSuperuser,
      organizationId: row.organizationId,
    },
  };
}

/** Resolves the caller from the access token on every request. */
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
