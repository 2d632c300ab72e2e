import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';

/**
 * The links mail carries (docs/operating.md "Email"): signed tokens, a key derived for them alone, so one
 * can pass neither for an access token nor for the other kind. They are single-use by what they
 * name, not by a stored row: a verification link names the account's link generation, which
 * following it moves on; a reset link names the account's token epoch and a keyed digest of its
 * password hash, which using it changes. No row with an instant is written about the account.
 */
const ISSUER = 'candor';
export const VERIFY_AUDIENCE = 'candor-verify-address';
export const RESET_AUDIENCE = 'candor-password-reset';
export const VERIFY_TTL_SECONDS = 24 * 60 * 60;
export const RESET_TTL_SECONDS = 15 * 60;

function keyOf(ctx: Pick<AppContext, 'hash'>) {
  return Buffer.from(ctx.hash('mail.link-key', 'v1'), 'hex');
}

export async function signLink(
  ctx: Pick<AppContext, 'hash'>,
  audience: string,
  userId: number,
  claims: Record<string, string | number>,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(String(userId))
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(ctx));
}

/** The account and claims of a valid, unexpired link of this kind; null otherwise. */
export async function readLink(
  ctx: Pick<AppContext, 'hash'>,
  audience: string,
  token: string,
): Promise<{ userId: number; claims: JWTPayload } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
    });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    return { userId, claims: payload };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

/** A keyed digest of the password hash: a reset link stops working once the password changes. */
export function passwordStamp(ctx: Pick<AppContext, 'hash'>, passwordHash: string): string {
  return ctx.hash('mail.reset-stamp', passwordHash).slice(0, 32);
}
