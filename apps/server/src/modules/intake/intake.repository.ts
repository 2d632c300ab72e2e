import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { guestReceipts, organizationSlugs, organizations, reports } from '../../db/schema';

/** The organisation a slug leads to, whether it is its current slug or an earlier one. */
export async function findOrganizationBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      slug: organizations.slug,
      guestReportsEnabled: organizations.guestReportsEnabled,
      defaultLanguage: organizations.defaultLanguage,
    })
    .from(organizationSlugs)
    .innerJoin(organizations, eq(organizations.id, organizationSlugs.organizationId))
    .where(eq(organizationSlugs.slug, slug));
  return row ?? null;
}

export type IntakeOrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganizationBySlug>>>;

export async function insertReceipt(db: Executor, row: typeof guestReceipts.$inferInsert) {
  await db.insert(guestReceipts).values(row);
}

export async function findReceiptsByLookupKey(db: Executor, lookupKey: string) {
  return db
    .select({
      reportId: guestReceipts.reportId,
      receiptHash: guestReceipts.receiptHash,
      visit: guestReceipts.visit,
    })
    .from(guestReceipts)
    .where(eq(guestReceipts.lookupKey, lookupKey));
}

export async function findReceiptOfReport(db: Executor, reportId: number) {
  const [row] = await db
    .select({ reportId: guestReceipts.reportId, visit: guestReceipts.visit })
    .from(guestReceipts)
    .where(eq(guestReceipts.reportId, reportId));
  return row ?? null;
}

export async function setVisit(db: Executor, reportId: number, visit: Buffer) {
  await db.update(guestReceipts).set({ visit }).where(eq(guestReceipts.reportId, reportId));
}

/** The legal dates a report was filed with (docs/api.md "Legal deadlines"). */
export async function findDeadlines(db: Executor, reportId: number) {
  const [row] = await db
    .select({ acknowledgeBy: reports.acknowledgeBy, feedbackBy: reports.feedbackBy })
    .from(reports)
    .where(eq(reports.id, reportId));
  if (!row) throw new Error(`Report ${reportId} was not found in its own transaction`);
  return row;
}
