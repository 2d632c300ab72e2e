import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context';
import { UnauthorizedError } from '../../lib/errors';

/**
 * A /track session (docs/design.md "Receipts"): a signed token naming one report, valid for
 * TRACK_SESSION_MINUTES, sent as `Authorization: Guest <token>` and kept in the page's memory
 * only. Its key is derived for this purpose alone, so it can never pass for an account's token
 * nor the reverse.
 */
const AUDIENCE = 'candor-track';
const ISSUER = 'candor';
const EXPIRED = 'Your tracking session has ended. Enter your receipt again.';

function keyOf(ctx: Pick<AppContext, 'hash'>) {
  return Buffer.from(ctx.hash('track.session-key', 'v1'), 'hex');
}

export async function signGuestSession(
  ctx: Pick<AppContext, 'hash' | 'config'>,
  reportId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ctx.config.intake.trackSessionSeconds * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(reportId))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(ctx));
  return { token, expiresAt };
}

function guestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'guest' && token ? token : null;
}

/** The one report a request's guest session opens; 401 without a valid, unexpired one. */
export async function requireGuestReportId(
  ctx: Pick<AppContext, 'hash'>,
  request: FastifyRequest,
): Promise<number> {
  const token = guestToken(request);
  if (!token) throw new UnauthorizedError('Enter your receipt to follow your report.');
  try {
    const { payload } = await jwtVerify(token, keyOf(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || id <= 0) throw new UnauthorizedError(EXPIRED);
    return id;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw new UnauthorizedError(EXPIRED);
    }
    throw error;
  }
}
