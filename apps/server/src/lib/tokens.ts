import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type AccessClaims, accessClaimsSchema } from '@candor/contract/accounts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export type AccessTokenSigner = {
  sign(claims: Omit<AccessClaims, 'exp' | 'jti'>): Promise<string>;
  /** Resolves to the claims, or null for a missing, expired, tampered or malformed token. */
  verify(token: string): Promise<AccessClaims | null>;
  /**
   * The challenge a login answers an account with a second factor (modules/two-factor): names
   * the account for the code's step and nothing more; it is never accepted as an access token.
   */
  signChallenge(userId: number, ttlSeconds: number): Promise<string>;
  /** The account a challenge names, or null for an expired, tampered or other token. */
  verifyChallenge(token: string): Promise<number | null>;
};

const ISSUER = 'candor';
const AUDIENCE = 'candor-api';
const CHALLENGE_AUDIENCE = 'candor-two-factor';
/**
 * Access tokens whose signature and claims were checked, kept until they expire: a token is sent
 * with every request of its login, and checking an HMAC through WebCrypto cost about a seventh of
 * a read's CPU (bench/README.md "Reads"). A token's verdict never changes before its expiry
 * (revocation and account changes are checked on the account, modules/auth/caller.service.ts).
 * Bounded: past this many the oldest are forgotten and checked again when next seen.
 */
const VERIFIED_TOKENS_MAX = 10_000;

export function createAccessTokenSigner(secret: string, ttlSeconds: number): AccessTokenSigner {
  // Imported once: given the raw bytes, jose would import a WebCrypto key on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, AccessClaims>();
  const verifyAccess = async (token: string): Promise<AccessClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (payload.token_type !== 'access') return null;
      const claims = accessClaimsSchema.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  };
  return {
    sign: async (claims) =>
      new SignJWT({ ...claims, token_type: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key),
    verify: async (token) => {
      const known = verified.get(token);
      // As jose judges expiry: a token is refused from its `exp` second on.
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return known;
        verified.delete(token);
        return null;
      }
      const claims = await verifyAccess(token);
      if (!claims) return null;
      if (verified.size >= VERIFIED_TOKENS_MAX) {
        verified.delete(verified.keys().next().value as string);
      }
      verified.set(token, Object.freeze(claims));
      return claims;
    },
    signChallenge: async (userId, challengeTtlSeconds) =>
      new SignJWT({ user_id: userId, token_type: 'two-factor-challenge' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(CHALLENGE_AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + challengeTtlSeconds)
        .sign(await key),
    verifyChallenge: async (token) => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: CHALLENGE_AUDIENCE,
        });
        if (payload.token_type !== 'two-factor-challenge') return null;
        return Number.isInteger(payload.user_id) ? (payload.user_id as number) : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
