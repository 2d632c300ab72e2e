import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The first half of the advisory lock key: refresh-token families. */
const FAMILY_LOCK_CLASS = 0x52_46_54_4b;

/**
 * Serialises everything that rotates or revokes one login (family) until the transaction ends:
 * a token issued while a reuse is being detected cannot escape the revocation (docs/protection.md "Protecting reporters").
 */
export async function lockFamily(tx: Executor, familyId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${FAMILY_LOCK_CLASS}::int, hashtext(${familyId}::text))`,
  );
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshTokenByHash(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

export async function findRefreshTokenById(db: Executor, id: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row ?? null;
}

/**
 * Marks a token used, keeping the sealed rotation for the grace window; older rotations of the
 * family are dropped, as their grace is over once a newer token has been rotated.
 */
export async function markRotated(db: Executor, row: RefreshTokenRow, rotation: Buffer) {
  await db
    .update(refreshTokens)
    .set({ isRotated: true, rotation })
    .where(eq(refreshTokens.id, row.id));
  await db
    .update(refreshTokens)
    .set({ rotation: null })
    .where(
      and(
        eq(refreshTokens.familyId, row.familyId),
        ne(refreshTokens.id, row.id),
        sql`${refreshTokens.rotation} is not null`,
      ),
    );
}

/** Call with the family locked (`lockFamily`), so tokens issued meanwhile are included. */
export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ isRevoked: true, rotation: null })
    .where(eq(refreshTokens.familyId, familyId));
}

export async function findFamilyIdsOfUser(db: Executor, userId: number) {
  const rows = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.isRevoked, false)))
    .groupBy(refreshTokens.familyId);
  return rows.map((row) => row.familyId);
}
