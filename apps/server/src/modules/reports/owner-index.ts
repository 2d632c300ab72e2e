import { randomBytes } from 'node:crypto';
import { asc, eq, gt, like, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { reportOwnerIndex, reports, users } from '../../db/schema';
import { sealedColumns } from '../../db/sealed-columns';

/**
 * How an anonymous report is tied to its owner without a dump being able to tie it to anyone
 * (DESIGN.md "Adversaries", docs/design.md "Anonymity design"):
 * - the report carries a tag of its own, HMAC(secret, user id ‖ reference): two reports of one
 *   person share no value, and nobody without the secret can test a user against it;
 * - the user's row in `report_owner_index`, keyed by HMAC(secret, user id), seals the list of
 *   their anonymous report ids, so My Reports reads one row and then the reports by id.
 */
const OWNER_TAG_PURPOSE = 'report.owner-tag';
const INDEX_KEY_PURPOSE = 'report.owner-index';
const INDEX_PURPOSE = sealedColumns.reportOwnerIndex.purpose;
/** The tag before it was per report: one hash of the user id for all their reports. */
const LEGACY_PURPOSE = 'report.owner';
const LEGACY_PREFIX = 'legacy:';

type Entries = { ids: number[]; pad?: string };

const RESEAL_PAGE = 500;

/**
 * Seals a user's ids padded to a power of two (at least 512 bytes), so the length of a sealed
 * row says little of how many reports its unknown owner filed.
 */
function sealEntries(ctx: Pick<AppContext, 'sealer'>, ids: number[]): Buffer {
  const bare = JSON.stringify({ ids, pad: '' }).length;
  let size = 512;
  while (size < bare) size *= 2;
  return ctx.sealer.sealJson(
    { ids, pad: ' '.repeat(size - bare) } satisfies Entries,
    INDEX_PURPOSE,
  );
}

export function ownerTagOf(ctx: Pick<AppContext, 'hash'>, userId: number, reference: string) {
  return ctx.hash(OWNER_TAG_PURPOSE, `${userId}:${reference}`);
}

function indexKeyOf(ctx: Pick<AppContext, 'hash'>, userId: number) {
  return ctx.hash(INDEX_KEY_PURPOSE, userId);
}

/** The ids of the user's anonymous reports (some may since be deleted). One indexed read. */
export async function ownAnonymousReportIds(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  db: Executor,
  userId: number,
): Promise<number[]> {
  const [row] = await db
    .select({ entries: reportOwnerIndex.entries })
    .from(reportOwnerIndex)
    .where(eq(reportOwnerIndex.ownerKey, indexKeyOf(ctx, userId)));
  if (!row) return [];
  return ctx.sealer.openJson<Entries>(row.entries, INDEX_PURPOSE).ids;
}

/** Adds a report to the user's index, in the caller's transaction (the row is locked). */
export async function addToOwnerIndex(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  tx: Executor,
  userId: number,
  reportId: number,
): Promise<void> {
  const ownerKey = indexKeyOf(ctx, userId);
  await tx
    .insert(reportOwnerIndex)
    .values({
      ownerKey,
      entries: sealEntries(ctx, []),
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ entries: reportOwnerIndex.entries })
    .from(reportOwnerIndex)
    .where(eq(reportOwnerIndex.ownerKey, ownerKey))
    .for('update');
  const ids = row ? ctx.sealer.openJson<Entries>(row.entries, INDEX_PURPOSE).ids : [];
  if (ids.includes(reportId)) return;
  await tx
    .update(reportOwnerIndex)
    .set({
      entries: sealEntries(ctx, [...ids, reportId]),
    })
    .where(eq(reportOwnerIndex.ownerKey, ownerKey));
}

/**
 * Takes removed reports off every index and seals every row anew, whether it changed or not:
 * a copy of the table taken before and one taken after differ in every row, so they do not
 * show whose index held the removed reports. One short transaction per row (locked while
 * rewritten, as `addToOwnerIndex` locks it). Answers the number of rows sealed again.
 */
export async function resealOwnerIndex(
  ctx: Pick<AppContext, 'db' | 'sealer'>,
  removed: ReadonlySet<number>,
): Promise<number> {
  let after = '';
  let count = 0;
  for (;;) {
    const keys = await ctx.db
      .select({ ownerKey: reportOwnerIndex.ownerKey })
      .from(reportOwnerIndex)
      .where(gt(reportOwnerIndex.ownerKey, after))
      .orderBy(asc(reportOwnerIndex.ownerKey))
      .limit(RESEAL_PAGE);
    for (const { ownerKey } of keys) {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ entries: reportOwnerIndex.entries })
          .from(reportOwnerIndex)
          .where(eq(reportOwnerIndex.ownerKey, ownerKey))
          .for('update');
        if (!row) return;
        const ids = ctx.sealer.openJson<Entries>(row.entries, INDEX_PURPOSE).ids;
        await tx
          .update(reportOwnerIndex)
          .set({
            entries: sealEntries(
              ctx,
              ids.filter((id) => !removed.has(id)),
            ),
          })
          .where(eq(reportOwnerIndex.ownerKey, ownerKey));
      });
      count += 1;
    }
    if (keys.length < RESEAL_PAGE) return count;
    after = keys.at(-1)?.ownerKey ?? after;
  }
}

/**
 * Re-tags the reports written when one hash served all of a user's reports (migration 0014
 * marked them `legacy:`), and indexes them. Runs at start; a no-op once done.
 */
export async function retagLegacyOwners(ctx: Pick<AppContext, 'db' | 'hash' | 'sealer'>) {
  const legacy = await ctx.db
    .select({
      id: reports.id,
      reference: reports.reference,
      ownerHash: reports.ownerHash,
      ownerSealed: reports.ownerSealed,
    })
    .from(reports)
    .where(like(reports.ownerHash, `${LEGACY_PREFIX}%`));
  if (legacy.length === 0) return 0;
  // Rows sealed before the owner id was sealed too: find the owner by their old hash.
  const byOldHash = new Map<string, number>();
  if (legacy.some((row) => !row.ownerSealed)) {
    for (const user of await ctx.db.select({ id: users.id }).from(users)) {
      byOldHash.set(ctx.hash(LEGACY_PURPOSE, user.id), user.id);
    }
  }
  for (const row of legacy) {
    const oldHash = (row.ownerHash ?? '').slice(LEGACY_PREFIX.length);
    let userId: number | null = null;
    if (row.ownerSealed) {
      const owner = ctx.sealer.openJson<{ userId: number; reference: string }>(
        row.ownerSealed,
        sealedColumns.reportOwner.purpose,
      );
      if (owner.reference === row.reference) userId = owner.userId;
    } else {
      userId = byOldHash.get(oldHash) ?? null;
    }
    // The old hash must agree: a sealed value copied onto another row is not trusted.
    if (userId !== null && ctx.hash(LEGACY_PURPOSE, userId) !== oldHash) userId = null;
    await ctx.db.transaction(async (tx) => {
      // Without a known owner (an account since deleted) the report keeps a tag nobody matches.
      const tag =
        userId === null ? randomBytes(32).toString('hex') : ownerTagOf(ctx, userId, row.reference);
      await tx
        .update(reports)
        .set({ ownerHash: tag })
        .where(sql`${reports.id} = ${row.id} and ${reports.ownerHash} = ${row.ownerHash}`);
      if (userId !== null) await addToOwnerIndex(ctx, tx, userId, row.id);
    });
  }
  return legacy.length;
}

/**
 * Cuts the link between a user and their anonymous reports for good, in the caller's transaction
 * (the account is being deleted): each report gets a tag nobody matches and loses its sealed
 * owner, and the user's index row goes. The reports stay for their case handlers; a receipt of
 * the no-account flow is not touched. Answers how many reports were cut loose.
 */
export async function forgetOwner(
  ctx: Pick<AppContext, 'hash' | 'sealer'>,
  tx: Executor,
  userId: number,
): Promise<number> {
  const ids = await ownAnonymousReportIds(ctx, tx, userId);
  let cut = 0;
  for (const id of ids) {
    const [row] = await tx
      .select({ reference: reports.reference, ownerHash: reports.ownerHash })
      .from(reports)
      .where(eq(reports.id, id))
      .for('update');
    if (!row || row.ownerHash !== ownerTagOf(ctx, userId, row.reference)) continue;
    await tx
      .update(reports)
      .set({ ownerHash: randomBytes(32).toString('hex'), ownerSealed: null })
      .where(eq(reports.id, id));
    cut += 1;
  }
  await tx.delete(reportOwnerIndex).where(eq(reportOwnerIndex.ownerKey, indexKeyOf(ctx, userId)));
  return cut;
}
