import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Hasher } from './crypto';
import { NotFoundError } from './errors';

/** What signing and checking a link needs of the app's context. */
type Keyed = { hash: Hasher };
type KeyedAt = Keyed & { config: Pick<Config, 'publicUrl'> };

/** A plain `<a href>` cannot send a bearer token, so evidence is reached by signed link (docs/protection.md "Protecting reporters"). */
export const EVIDENCE_LINK_TTL_SECONDS = 10 * 60;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
const EXPIRES_PATTERN = /^\d{1,12}$/;

/**
 * Signed links to stored files of one kind: `purpose` keeps a link of one kind from opening
 * another, `path(id)` is where the file is served. Each signs the row id and the expiry only,
 * so a link is checked before anything is looked up. A file never changes, and a deleted row's
 * id is never used again, so a link cannot reach another file than the one it was made for.
 */
export function fileLinks(purpose: string, path: (id: number) => string) {
  const signature = (ctx: Keyed, id: number, expires: number) =>
    ctx.hash(purpose, `${id}:${expires}`);
  return {
    sign(ctx: KeyedAt, id: number, nowMs = Date.now()): string {
      const expires = Math.floor(nowMs / 1000) + EVIDENCE_LINK_TTL_SECONDS;
      const query = `expires=${expires}&signature=${signature(ctx, id, expires)}`;
      return `${ctx.config.publicUrl ?? ''}${path(id)}?${query}`;
    },
    /**
     * Refuses an unsigned, malformed, tampered or expired link with the same 404 a missing row or
     * file gets, before any lookup: the answer says nothing about which rows exist or have a file.
     */
    check(
      ctx: Keyed,
      link: { id: number; expires?: unknown; signature?: unknown },
      nowMs = Date.now(),
    ): void {
      const given = typeof link.signature === 'string' ? link.signature : '';
      const expiresText = typeof link.expires === 'string' ? link.expires : '';
      if (!SIGNATURE_PATTERN.test(given) || !EXPIRES_PATTERN.test(expiresText)) {
        throw new NotFoundError();
      }
      const expires = Number(expiresText);
      const expected = Buffer.from(signature(ctx, link.id, expires));
      if (!timingSafeEqual(Buffer.from(given), expected) || expires * 1000 < nowMs) {
        throw new NotFoundError();
      }
    },
  };
}

const evidenceLinks = fileLinks('evidence.link', (id) => `/api/reports/${id}/evidence/`);

export function signEvidenceLink(ctx: KeyedAt, reportId: number, nowMs = Date.now()): string {
  return evidenceLinks.sign(ctx, reportId, nowMs);
}

export function checkEvidenceLink(
  ctx: Keyed,
  link: { reportId: number; expires?: unknown; signature?: unknown },
  nowMs = Date.now(),
): void {
  evidenceLinks.check(ctx, { id: link.reportId, ...link }, nowMs);
}
