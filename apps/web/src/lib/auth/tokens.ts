import { type AccessClaims, accessClaimsSchema } from '@candor/contract/accounts';
import { decodeJwt } from 'jose';

/** Spec section 9: check every 30 s, refresh when under 60 s remain. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_THRESHOLD_SECONDS = 60;

/** Reads the claims of a JWT without verifying it (the server verifies); null if undecodable. */
export function decodeToken(token: string | null | undefined): AccessClaims | null {
  if (!token) return null;
  try {
    return accessClaimsSchema.safeParse(decodeJwt(token)).data ?? null;
  } catch {
    return null;
  }
}

export function secondsLeft(claims: AccessClaims, nowMs: number): number {
  return claims.exp - nowMs / 1000;
}

/** Spec section 4: refresh when the token expires in under 60 s or cannot be decoded. */
export function shouldRefresh(accessToken: string | null, nowMs: number): boolean {
  const claims = decodeToken(accessToken);
  return !claims || secondsLeft(claims, nowMs) < REFRESH_THRESHOLD_SECONDS;
}

export type StartupDecision = 'authenticated' | 'refresh' | 'anonymous';

/**
 * Spec section 4: a valid unexpired access token means logged in; an expired or invalid one, or
 * none with a refresh token present, triggers a refresh; neither means logged out.
 */
export function decideStartup(
  accessToken: string | null,
  refreshToken: string | null,
  nowMs: number,
): StartupDecision {
  const claims = decodeToken(accessToken);
  if (claims && secondsLeft(claims, nowMs) > 0) return 'authenticated';
  return refreshToken ? 'refresh' : 'anonymous';
}
