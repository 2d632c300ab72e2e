import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { base32Symbols, groupsOfFour, normalizeHumanCode } from '../../lib/codes';

/**
 * A certificate's verification code: a keyed hash of the reference and the moment of
 * resolution, so it cannot be forged and needs no storage.
 */
export function certificateCode(
  ctx: Pick<AppContext, 'hash'>,
  reference: string,
  resolvedAt: Date,
): string {
  const digest = Buffer.from(
    ctx.hash('certificate', `${reference}:${resolvedAt.toISOString()}`),
    'hex',
  );
  return groupsOfFour(base32Symbols(digest, 12));
}

export function isCertificateCode(
  ctx: Pick<AppContext, 'hash'>,
  reference: string,
  resolvedAt: Date,
  given: string,
): boolean {
  const expected = Buffer.from(certificateCode(ctx, reference, resolvedAt).replaceAll('-', ''));
  const actual = Buffer.from(normalizeHumanCode(given));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
