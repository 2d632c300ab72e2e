import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactorCredentials, twoFactorRecoveryCodes, users } from '../../db/schema';

export type CredentialRow = typeof twoFactorCredentials.$inferSelect;

export async function findCredential(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId));
  return row ?? null;
}

/** The credential locked until the transaction ends: two codes at once are checked in turn. */
export async function lockCredential(tx: Executor, userId: number) {
  const [row] = await tx
    .select()
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId))
    .for('update');
  return row ?? null;
}

/** Starts (or starts again) an enrolment: a new secret, not enabled until a code confirms it. */
export async function savePendingCredential(db: Executor, userId: number, secret: Buffer) {
  await db
    .insert(twoFactorCredentials)
    .values({ userId, secret, lastStep: null, isEnabled: false })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secret, lastStep: null, isEnabled: false },
    });
}

export async function updateCredential(
  db: Executor,
  userId: number,
  values: { lastStep?: Buffer; isEnabled?: boolean },
) {
  await db.update(twoFactorCredentials).set(values).where(eq(twoFactorCredentials.userId, userId));
}

/** Removes the credential and the recovery codes; true when there was an enabled credential. */
export async function deleteTwoFactor(db: Executor, userId: number): Promise<boolean> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const removed = await db
    .delete(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId))
    .returning({ isEnabled: twoFactorCredentials.isEnabled });
  return removed.some((row) => row.isEnabled);
}

export async function replaceRecoveryCodes(db: Executor, userId: number, codeHashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ codeHash, userId })));
}

/** Removes the code if the account has it: true once, false for a code used or never given. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string) {
  const removed = await db
    .delete(twoFactorRecoveryCodes)
    .where(
      and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash)),
    )
    .returning({ codeHash: twoFactorRecoveryCodes.codeHash });
  return removed.length === 1;
}

export async function countRecoveryCodes(db: Executor, userId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return row?.value ?? 0;
}

/** Every active administrator and superuser, with whether each has a second factor. */
export async function findStaff(db: Executor) {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      isSuperuser: users.isSuperuser,
      isEnabled: sql<boolean>`coalesce(${twoFactorCredentials.isEnabled}, false)`,
    })
    .from(users)
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(and(eq(users.isActive, true), or(eq(users.role, 'admin'), eq(users.isSuperuser, true))))
    .orderBy(asc(sql`lower(${users.username})`));
}
