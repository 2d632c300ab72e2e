import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { ForbiddenError } from '../../lib/errors';

/** A plain `<a href>` cannot send a bearer token, so evidence is reached by signed link (DESIGN.md 7). */
export const EVIDENCE_LINK_TTL_SECONDS = 10 * 60;
const PURPOSE = 'evidence.link';

function signature(ctx: Pick<AppContext, 'hash'>, reportId: number, key: string, expires: number) {
  // The storage key is part of what is signed: once the file is gone, old links die with it.
  return ctx.hash(PURPOSE, `${reportId}:${key}:${expires}`);
}

export function signEvidenceLink(
  ctx: Pick<AppContext, 'hash' | 'config'>,
  reportId: number,
  key: string,
  nowMs = Date.now(),
): string {
  const expires = Math.floor(nowMs / 1000) + EVIDENCE_LINK_TTL_SECONDS;
  const query = `expires=${expires}&signature=${signature(ctx, reportId, key, expires)}`;
  return `${ctx.config.publicUrl ?? ''}/api/reports/${reportId}/evidence/?${query}`;
}

export function checkEvidenceLink(
  ctx: Pick<AppContext, 'hash'>,
  link: { reportId: number; key: string; expires?: string; signature?: string },
  nowMs = Date.now(),
): void {
  const expires = Number(link.expires);
  const given = Buffer.from(link.signature ?? '');
  const expected = Buffer.from(signature(ctx, link.reportId, link.key, expires));
  if (
    !Number.isInteger(expires) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    throw new ForbiddenError('This file link is not valid.');
  }
  if (expires * 1000 < nowMs) {
    throw new ForbiddenError('This file link has expired. Open the report again to get a new one.');
  }
}
