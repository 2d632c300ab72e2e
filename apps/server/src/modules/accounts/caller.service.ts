import type { AccessClaims } from '@candor/contract/accounts';
import type { AppContext } from '../../context';
import { findCaller } from './accounts.repository';
import type { AuthUser } from './caller';

/**
 * The active account behind an access token, with the token's claims, or null when the token
 * is invalid or expired or the account is gone or deactivated. The account is read each time
 * so a deactivated account or a changed role takes effect at once, not when the token expires.
 * Used for every request (plugins/auth.ts) and for live sockets.
 */
export async function resolveAccessToken(
  ctx: Pick<AppContext, 'db' | 'accessTokens'>,
  token: string,
): Promise<{ claims: AccessClaims; user: AuthUser } | null> {
  const claims = await ctx.accessTokens.verify(token);
  if (!claims) return null;
  const row = await findCaller(ctx.db, claims.user_id);
  if (!row?.isActive) return null;
  const { isActive: _, ...user } = row;
  return { claims, user };
}
