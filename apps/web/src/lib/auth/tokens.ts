import type { Plan, Role } from '@candor/contract/enums';

/** Spec section 9: check every 30 s, refresh when under 60 s remain. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_THRESHOLD_SECONDS = 60;

export type TokenClaims = {
  user_id: number;
  role: Role;
  plan: Plan;
  is_superuser: boolean;
  exp: number;
};

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it (the server verifies); null if undecodable. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const segment = token.split('.')[1];
  if (!segment) return null;
  try {
    const payload = JSON.parse(decodeBase64Url(segment)) as Record<string, unknown>;
    if (
      typeof payload.user_id !== 'number' ||
      (payload.role !== 'user' && payload.role !== 'admin') ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return {
      user_id: payload.user_id,
      role: payload.role,
      plan: payload.plan === 'premium' ? 'premium' : 'free',
      is_superuser: payload.is_superuser === true,
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}

export function secondsLeft(claims: TokenClaims, nowMs: number): number {
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
