import slugify from '@sindresorhus/slugify';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationSlugs } from '../../db/schema';

/** Long enough for any real name, short enough for a poster. */
const SLUG_BASE_MAX = 60;

/** Words the intake API uses beside `/api/intake/{slug}/`: never an organisation's slug. */
const RESERVED = new Set(['challenge', 'reports']);

/**
 * The slug a name gives: transliterated to lower-case ASCII letters and digits with dashes
 * ("Åsa's Café & Bar" -> "asas-cafe-and-bar"); a name with no letters or digits gives
 * "organization".
 */
export function slugOfName(name: string): string {
  const slug = slugify(name, { decamelize: false }).slice(0, SLUG_BASE_MAX).replace(/-+$/, '');
  return slug || 'organization';
}

/**
 * A slug for `name` that no other organisation has ever had (a slug taken once stays with its
 * organisation, so an old poster never leads elsewhere): the name's own, or it with -2, -3...
 * One this organisation had before (a rename back) is its own again.
 */
export async function freeSlugFor(
  db: Executor,
  name: string,
  organizationId: number | null,
): Promise<string> {
  const base = slugOfName(name);
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (RESERVED.has(candidate)) continue;
    const [holder] = await db
      .select({ organizationId: organizationSlugs.organizationId })
      .from(organizationSlugs)
      .where(eq(organizationSlugs.slug, candidate));
    if (!holder || holder.organizationId === organizationId) return candidate;
  }
}
