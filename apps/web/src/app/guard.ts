import type { Role } from '@candor/contract/enums';
import { decodeToken } from '@/lib/auth/tokens';

export type GuardRule = { roles?: readonly Role[]; superuserOnly?: boolean };

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; clearTokens: boolean }
  | { kind: 'home' };

/**
 * As in the original product: a missing token sends the user to /login; a token whose role is not allowed
 * sends them to /; an undecodable token is cleared (both tokens) and the user goes to /login.
 */
export function decideGuard(accessToken: string | null, rule: GuardRule): GuardDecision {
  if (!accessToken) return { kind: 'login', clearTokens: false };
  const claims = decodeToken(accessToken);
  if (!claims) return { kind: 'login', clearTokens: true };
  if (rule.superuserOnly && !claims.is_superuser) return { kind: 'home' };
  if (rule.roles && !rule.roles.includes(claims.role)) return { kind: 'home' };
  return { kind: 'allow' };
}
