import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessRequests, organizations, users } from '../../db/schema';

export type AccessRequestRow = typeof accessRequests.$inferSelect;
export type NewAccessRequest = typeof accessRequests.$inferInsert;

export async function insertAccessRequest(db: Executor, values: NewAccessRequest) {
  const [row] = await db.insert(accessRequests).values(values).returning();
  return row as AccessRequestRow;
}

export async function hasPendingForUser(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, userId), eq(accessRequests.status, 'pending')));
  return Boolean(row);
}

export async function hasPendingForEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(
      and(
        sql`lower(${accessRequests.email}) = lower(${email})`,
        eq(accessRequests.status, 'pending'),
      ),
    );
  return Boolean(row);
}

const pendingColumns = {
  id: accessRequests.id,
  username: users.username,
  justification: accessRequests.justification,
  submittedAt: accessRequests.submittedAt,
  requestType: accessRequests.requestType,
  email: accessRequests.email,
  phone: accessRequests.phone,
  organizationType: accessRequests.organizationType,
  organizationName: accessRequests.organizationName,
  /** The organisation the applicant's account belongs to now, shown on the review card. */
  applicantOrganization: organizations.name,
};

/** Pending requests, oldest first (a queue). */
export async function findPending(db: Executor, page?: { limit: number; offset: number }) {
  const query = db
    .select(pendingColumns)
    .from(accessRequests)
    .leftJoin(users, eq(users.id, accessRequests.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(accessRequests.status, 'pending'))
    .orderBy(asc(accessRequests.submittedAt), asc(accessRequests.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countPending(db: Executor) {
  const [row] = await db
    .select({ value: count() })
    .from(accessRequests)
    .where(eq(accessRequests.status, 'pending'));
  return row?.value ?? 0;
}

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
  return row ?? null;
}

export async function findByClaimCodeHash(db: Executor, claimCodeHash: string) {
  const [row] = await db
    .select()
    .from(accessRequests)
    .where(eq(accessRequests.claimCodeHash, claimCodeHash))
    .for('update');
  return row ?? null;
}

/** Closes a pending request; null when it was already decided (or another decision won). */
export async function markDecided(
  db: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; decidedByUserId: number },
) {
  const [row] = await db
    .update(accessRequests)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function setOrganization(db: Executor, id: number, organizationId: number) {
  await db.update(accessRequests).set({ organizationId }).where(eq(accessRequests.id, id));
}

/** Links an account that registered with the claim code; false if someone else got there first. */
export async function claim(db: Executor, id: number, userId: number) {
  const rows = await db
    .update(accessRequests)
    .set({ userId, claimedByUserId: userId })
    .where(and(eq(accessRequests.id, id), isNull(accessRequests.userId)))
    .returning({ id: accessRequests.id });
  return rows.length === 1;
}
