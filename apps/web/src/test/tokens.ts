import type { AccessClaims } from '@candor/contract/accounts';

/** An unsigned JWT with the given claims (the client never verifies signatures). */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function accessToken(
  overrides: Partial<{
    user_id: number;
    role: string;
    plan: string;
    is_superuser: boolean;
    exp: number;
  }> = {},
) {
  const claims = {
    user_id: 7,
    role: 'user',
    plan: 'free',
    is_superuser: false,
    exp: Math.floor(Date.now() / 1000) + 300,
    jti: 'test',
  } satisfies AccessClaims;
  return makeToken({ ...claims, ...overrides });
}
