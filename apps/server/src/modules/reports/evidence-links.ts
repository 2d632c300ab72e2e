import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../lib/errors';

/** A plain `<a href>` cannot send a bearer token, so evidence is reached by signed link (DESIGN.md 7). */
export const EVIDENCE_LINK_TTL_SECONDS = 10 * 60;
const PURPOSE = 'evidence.link';
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
const EXPIRES_PATTERN = /^\d{1,12}$/;

/**
 * Signs the report id and the expiry only, so a link is checked before anything is looked up. A
 * report's file never changes, and a deleted report's id is never used again, so a link cannot
 * reach another file than the one it was made for.
 */
function signature(ctx: Pick<AppContext, 'hash'>, reportId: number, expires: number) {
  return ctx.hash(PURPOSE, `${reportId}:${expires}`);
}

export function signEvidenceLink(
  ctx: Pick<AppContext, 'hash' | 'config'>,
  reportId: number,
  nowMs = Date.now(),
): string {
  const expires = Math.floor(nowMs / 1000) + EVIDENCE_LINK_TTL_SECONDS;
  const query = `expires=${expires}&signature=${signature(ctx, reportId, expires)}`;
  return `${ctx.config.publicUrl ?? ''}/api/reports/${reportId}/evidence/?${query}`;
}

/**
 * Refuses an unsigned, malformed, tampered or expired link with the same 404 a missing report or
 * file gets, before any lookup: the answer says nothing about which reports exist or have a file.
 */
export function checkEvidenceLink(
  ctx: Pick<AppContext, 'hash'>,
  link: { reportId: number; expires?: unknown; signature?: unknown },
  nowMs = Date.now(),
): void {
  const given = typeof link.signature === 'string' ? link.signature : '';
  const expiresText = typeof link.expires === 'string' ? link.expires : '';
  if (!SIGNATURE_PATTERN.test(given) || !EXPIRES_PATTERN.test(expiresText)) {
    throw new NotFoundError();
  }
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(ctx, link.reportId, expires));
  if (!timingSafeEqual(Buffer.from(given), expected) || expires * 1000 < nowMs) {
    throw new NotFoundError();
  }
}
