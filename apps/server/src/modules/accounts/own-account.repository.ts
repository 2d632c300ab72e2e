import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessRequests, notifications, reports, users } from '../../db/schema';

/**
 * The account's identified reports stay for their case without it: no owner, marked as filed by
 * an account since deleted (schema.ts `reports`). Their `updated_at` is left alone, so nothing
 * dates the deletion on the report.
 */
export async function detachIdentifiedReports(tx: Executor, userId: number): Promise<number> {
  const rows = await tx
    .update(reports)
    .set({ ownerUserId: null, ownerAccountDeleted: true })
    .where(eq(reports.ownerUserId, userId))
    .returning({ id: reports.id });
  return rows.length;
}

/**
 * Notices addressed to the account. Those to it as the reporter of an anonymous report belong
 * with the report and are not touched: nothing written at the deletion is about its reports.
 */
export async function deleteNotifications(tx: Executor, userId: number) {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}

/** Requests for admin access the account made or claimed: they hold its email and phone. */
export async function deleteAccessRequests(tx: Executor, userId: number) {
  await tx
    .delete(accessRequests)
    .where(or(eq(accessRequests.userId, userId), eq(accessRequests.claimedByUserId, userId)));
}

export async function deleteUser(tx: Executor, userId: number) {
  await tx.delete(users).where(eq(users.id, userId));
}
