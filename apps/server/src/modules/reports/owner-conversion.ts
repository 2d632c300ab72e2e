import { and, asc, eq, gt, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notifications, pendingConversions, reports, users } from '../../db/schema';
import { sealedColumns } from '../../db/sealed-columns';
import {
  NOTIFICATION_PURPOSE,
  type NotificationContent,
  reporterNoticeTag,
} from '../notifications/notifications.service';
import {
  indexKeyOf,
  type Owner,
  openEntries,
  ownerTagOf,
  unsaltedOwnerTagOf,
  updateOwnerIndex,
} from '../owners/owner-index';

/**
 * The one-off conversion of what earlier versions stored about the owners of anonymous reports
 * (migration 0026 asks for it; it needs the server's keys, so a migration cannot do it). Run by
 * `npm run db:migrate` and at start, before the server listens; a no-op once done.
 *
 * - Owner tags get the account's salt (owners/owner-index.ts), so deleting an account writes nothing on
 *   its reports; `owner_sealed` (the owner's id, sealed) is emptied.
 * - Notices about anonymous reports were addressed to one keyed tag per person, which tied all of
 *   a person's notices, and so their reports, together: a notice to a reporter is now addressed
 *   to its report, and every other notice to its recipient's account; what the reporter had read
 *   moves into their index.
 * Every row is rewritten in a transaction of its own, and no transaction writes both a row about
 * a person and one about a report.
 */
export const OWNER_CONVERSION = 'owner-salts-and-report-notices';
/** Earlier conversions this one includes, should a deployment not have run them yet. */
const INCLUDED = ['notice-recipient-tags'];
const LEGACY_PREFIX = 'legacy:';
const BATCH = 500;

type Ctx = Pick<AppContext, 'db' | 'sealer' | 'hash'>;

async function isPending(ctx: Ctx): Promise<boolean> {
  const rows = await ctx.db
    .select({ name: pendingConversions.name })
    .from(pendingConversions)
    .where(eq(pendingConversions.name, OWNER_CONVERSION));
  return rows.length > 0;
}

type Account = Owner;

async function allAccounts(ctx: Ctx): Promise<Account[]> {
  return ctx.db.select({ id: users.id, ownerSalt: users.ownerSalt }).from(users);
}

/** Every owner tag the report may carry from earlier versions, for one account. */
function earlierTagsOf(ctx: Ctx, account: Account, reference: string): string[] {
  return [
    unsaltedOwnerTagOf(ctx, account.id, reference),
    // Before owner tags were per report (migration 0014): one hash for all of them.
    `${LEGACY_PREFIX}${ctx.hash('report.owner', account.id)}`,
  ];
}

/** Reports' owner tags: salted, and `owner_sealed` emptied. Answers the reports converted. */
async function saltOwnerTags(ctx: Ctx, accounts: Account[]): Promise<number> {
  const byIndexKey = new Map(accounts.map((account) => [indexKeyOf(ctx, account.id), account]));
  const owned = new Map<number, Account>();
  const indexRows = await ctx.db.execute(sql`select owner_key, entries from report_owner_index`);
  for (const row of (indexRows as unknown as { rows: { owner_key: string; entries: Buffer }[] })
    .rows) {
    const account = byIndexKey.get(row.owner_key);
    if (!account) continue;
    for (const id of openEntries(ctx, Buffer.from(row.entries)).ids) owned.set(id, account);
  }
  // Reports of the first tag format were indexed by the server at start, or never: their owner
  // is known from their sealed owner.
  const sealedOwners = await ctx.db
    .select({ id: reports.id, ownerSealed: reports.ownerSealed, reference: reports.reference })
    .from(reports)
    .where(isNotNull(reports.ownerSealed));
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  for (const row of sealedOwners) {
    if (owned.has(row.id) || !row.ownerSealed) continue;
    const sealed = ctx.sealer.openJson<{ userId: number; reference: string }>(
      row.ownerSealed,
      sealedColumns.reportOwner.purpose,
    );
    const account = accountById.get(sealed.userId);
    if (account && sealed.reference === row.reference) owned.set(row.id, account);
  }
  let converted = 0;
  const newlyIndexed = new Map<number, number[]>();
  for (const [reportId, account] of owned) {
    const [report] = await ctx.db
      .select({ reference: reports.reference, ownerHash: reports.ownerHash })
      .from(reports)
      .where(eq(reports.id, reportId));
    if (!report?.ownerHash) continue;
    const earlier = earlierTagsOf(ctx, account, report.reference);
    if (!earlier.includes(report.ownerHash)) continue;
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(reports)
        .set({ ownerHash: ownerTagOf(ctx, account, report.reference), ownerSealed: null })
        .where(and(eq(reports.id, reportId), eq(reports.ownerHash, report.ownerHash as string)));
    });
    if (report.ownerHash.startsWith(LEGACY_PREFIX)) {
      newlyIndexed.set(account.id, [...(newlyIndexed.get(account.id) ?? []), reportId]);
    }
    converted += 1;
  }
  for (const [userId, ids] of newlyIndexed) {
    await ctx.db.transaction((tx) =>
      updateOwnerIndex(ctx, tx, userId, (entries) => ({
        ...entries,
        ids: [...new Set([...entries.ids, ...ids])],
      })),
    );
  }
  // What is left (an account since deleted): no owner to seal, and a tag nobody will match.
  const left = await ctx.db
    .select({ id: reports.id })
    .from(reports)
    .where(isNotNull(reports.ownerSealed));
  for (const row of left) {
    await ctx.db.transaction((tx) =>
      tx.update(reports).set({ ownerSealed: null }).where(eq(reports.id, row.id)),
    );
  }
  const legacy = await ctx.db
    .select({ id: reports.id })
    .from(reports)
    .where(like(reports.ownerHash, `${LEGACY_PREFIX}%`));
  for (const row of legacy) {
    await ctx.db.transaction((tx) =>
      tx
        .update(reports)
        .set({ ownerHash: `gone:${crypto.randomUUID()}` })
        .where(eq(reports.id, row.id)),
    );
  }
  return converted;
}

/** Re-addresses notices about anonymous reports. Answers how many rows were rewritten. */
async function readdressNotices(ctx: Ctx, accounts: Account[]): Promise<number> {
  const byPersonTag = new Map(
    accounts.map((account) => [ctx.hash('notification.recipient', account.id), account]),
  );
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const readByUser = new Map<number, number[]>();
  let rewritten = 0;
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(gt(notifications.id, after))
      .orderBy(asc(notifications.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows.at(-1)?.id ?? after;
    const opened = rows.map((row) => ({
      row,
      content: ctx.sealer.openJson<NotificationContent>(row.payload, NOTIFICATION_PURPOSE),
    }));
    const reportIds = [...new Set(opened.flatMap(({ content }) => content.report ?? []))];
    const anonymous = new Map(
      (reportIds.length === 0
        ? []
        : await ctx.db
            .select({ id: reports.id, reference: reports.reference, ownerHash: reports.ownerHash })
            .from(reports)
            .where(and(inArray(reports.id, reportIds), eq(reports.isAnonymous, true)))
      ).map((report) => [report.id, report]),
    );
    for (const { row, content } of opened) {
      const personal = row.recipientTag ? byPersonTag.get(row.recipientTag) : undefined;
      const account = personal ?? (row.userId === null ? undefined : byId.get(row.userId));
      const report = content.report ? anonymous.get(content.report) : undefined;
      const isToReporter =
        report !== undefined &&
        account !== undefined &&
        report.ownerHash === ownerTagOf(ctx, account, report.reference);
      let change: Partial<typeof notifications.$inferInsert> | 'delete' | null = null;
      if (isToReporter && report) {
        change = {
          userId: null,
          recipientTag: reporterNoticeTag(ctx, report.id),
          createdAt: sql`date_trunc('day', ${notifications.createdAt}, 'UTC')` as unknown as Date,
          isRead: false,
          payload: ctx.sealer.sealJson(
            { ...content, at: content.at ?? row.createdAt.toISOString() },
            NOTIFICATION_PURPOSE,
          ),
        };
        if (row.isRead && account) {
          readByUser.set(account.id, [...(readByUser.get(account.id) ?? []), row.id]);
        }
      } else if (personal) {
        change = { userId: personal.id, recipientTag: null };
      } else if (
        row.recipientTag &&
        row.userId === null &&
        !(report && row.recipientTag === reporterNoticeTag(ctx, report.id))
      ) {
        // A person's tag of an account since deleted: to the report when there is one.
        change = report
          ? { recipientTag: reporterNoticeTag(ctx, report.id), isRead: false }
          : 'delete';
      }
      if (change === null) continue;
      const update = change;
      await ctx.db.transaction(async (tx) => {
        if (update === 'delete') await tx.delete(notifications).where(eq(notifications.id, row.id));
        else await tx.update(notifications).set(update).where(eq(notifications.id, row.id));
      });
      rewritten += 1;
    }
  }
  for (const [userId, read] of readByUser) {
    await ctx.db.transaction((tx) =>
      updateOwnerIndex(ctx, tx, userId, (entries) => ({
        ...entries,
        read: [...new Set([...entries.read, ...read])],
      })),
    );
  }
  return rewritten;
}

/** Runs the conversion when a migration asked for it. Answers what it did, or null. */
export async function convertOwners(
  ctx: Ctx,
): Promise<{ reports: number; notices: number } | null> {
  if (!(await isPending(ctx))) return null;
  const accounts = await allAccounts(ctx);
  const converted = await saltOwnerTags(ctx, accounts);
  const notices = await readdressNotices(ctx, accounts);
  await ctx.db
    .delete(pendingConversions)
    .where(inArray(pendingConversions.name, [OWNER_CONVERSION, ...INCLUDED]));
  return { reports: converted, notices };
}
