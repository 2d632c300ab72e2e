import type { AccessClaims } from '@candor/contract/accounts';
import type { Plan, Role } from '@candor/contract/enums';

/** As in the original product: check every 30 s, refresh when under 60 s remain. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_THRESHOLD_SECONDS = 60;

// The claims are checked by hand, not with the contract's zod schema: every page needs this
// at start, and zod is kept out of the first download (bench/README.md, "Web: first load").
const ROLES = ['user', 'admin'] as const satisfies readonly Role[];
const PLANS = ['free', 'premium'] as const satisfies readonly Plan[];

function isClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    Number.isInteger(claims.user_id) &&
    ROLES.includes(claims.role as Role) &&
    PLANS.includes(claims.plan as Plan) &&
    typeof claims.is_superuser === 'boolean' &&
    typeof claims.exp === 'number' &&
    Number.isFinite(claims.exp) &&
    typeof claims.jti === 'string'
  );
}

/** The JSON payload of a compact JWS (base64url), or undefined when it is not one. */
function readPayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Reads the claims of a JWT without verifying it (the server verifies); null if undecodable. */
export function decodeToken(token: string | null | undefined): AccessClaims | null {
  if (!token) return null;
  try {
    const payload = readPayload(token);
    return isClaims(payload) ? payload : null;
  } catch {
    return null;
  }
}

export function secondsLeft(claims: AccessClaims, nowMs: number): number {
  return claims.exp - nowMs / 1000;
}

/** As in the original product: refresh when the token expires in under 60 s or cannot be decoded. */
export function shouldRefresh(accessToken: string | null, nowMs: number): boolean {
  const claims = decodeToken(accessToken);
  return !claims || secondsLeft(claims, nowMs) < REFRESH_THRESHOLD_SECONDS;
}

export type StartupDecision = 'authenticated' | 'refresh' | 'anonymous';

/**
 * As in the original product: a valid unexpired access token means logged in; an expired or invalid one, or
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
