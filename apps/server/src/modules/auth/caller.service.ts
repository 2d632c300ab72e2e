import type { AccessClaims } from '@candor/contract/accounts';
import type { AppContext } from '../../context';
import type { AuthUser } from '../auth/caller';
import { standingOf } from '../auth/standing';

/**
 * The active account behind an access token, with the token's claims, or null when the token
 * is invalid or expired or the account is gone or deactivated. The account is read through the
 * caller cache (modules/users/caller-cache.ts), which every change to it empties, so a deactivated account or a
 * changed role takes effect at once, not when the token expires.
 * Used for every request (plugins/auth.ts) and for live sockets. Staff act with their role
 * only as modules/auth/standing.ts allows (second factor given, or not required).
 */
export async function resolveAccessToken(
  ctx: Pick<AppContext, 'db' | 'accessTokens' | 'config' | 'callers'>,
  token: string,
): Promise<{ claims: AccessClaims; user: AuthUser } | null> {
  const claims = await ctx.accessTokens.verify(token);
  if (!claims) return null;
  const row = await ctx.callers.find(ctx.db, claims.user_id);
  if (!row?.isActive) return null;
  // A token signed before the account's logins were ended (logout, new password, revoked access).
  if ((claims.ver ?? 0) !== row.tokenEpoch) return null;
  const { isActive: _, hasTwoFactor, ...account } = row;
  const standing = standingOf(
    ctx.config,
    { ...account, hasTwoFactor },
    claims.two_factor === 'verified',
  );
  const user: AuthUser = {
    ...account,
    role: standing.role,
    isSuperuser: standing.isSuperuser,
    withheld: standing.withheld,
  };
  return { claims, user };
}
