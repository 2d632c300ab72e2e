import type { Language } from '@candor/contract/languages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { twoFactorCredentials, users } from '../../db/schema';
import { utcToday } from '../../lib/day';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByUsername(db: Executor, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The language each of these accounts reads Candor in; null (English) until chosen. */
export async function findLanguages(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, Language | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.language]));
}

export async function updateUser(db: Executor, id: number, values: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: utcToday })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function setPasswordHash(tx: Executor, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, updatedAt: utcToday }).where(eq(users.id, userId));
}

export async function hasSuperuser(db: Executor) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperuser, true))
    .limit(1);
  return rows.length > 0;
}

/** What a request needs of its caller's account (modules/auth/caller.ts). */
const callerById = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      plan: users.plan,
      isSuperuser: users.isSuperuser,
      isActive: users.isActive,
      organizationId: users.organizationId,
      tokenEpoch: users.tokenEpoch,
      ownerSalt: users.ownerSalt,
      hasTwoFactor: sql<boolean>`coalesce(${twoFactorCredentials.isEnabled}, false)`,
    })
    .from(users)
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('caller_by_id'),
);

/** The account behind a request, read on every request (modules/auth/caller.service.ts). */
export async function findCaller(db: Executor, id: number) {
  const [row] = await callerById(db).execute({ id });
  return row ?? null;
}

/**
 * Makes a platform administrator, only while the account belongs to no organisation: a join
 * committed a moment earlier is seen, and the answer is then false.
 */
export async function promoteOutsideOrganizations(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'admin', updatedAt: utcToday })
    .where(and(eq(users.id, id), isNull(users.organizationId)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Access tokens carry the epoch they were signed in; a token of an earlier one is refused. */
export async function findTokenEpoch(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ tokenEpoch: users.tokenEpoch })
    .from(users)
    .where(eq(users.id, id));
  return row?.tokenEpoch ?? 0;
}

/** Every access token signed so far is refused from the commit on (sessions.service.ts). */
export async function bumpTokenEpoch(db: Executor, id: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenEpoch: sql`${users.tokenEpoch} + 1` })
    .where(eq(users.id, id));
}

/** The stored account, locked for the caller's transaction. */
export async function lockStoredAccount(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** What decides a change of the account's own scope: its stored role, never the acting one. */
export async function lockStoredRole(db: Executor, id: number) {
  const [row] = await db
    .select({
      role: users.role,
      isSuperuser: users.isSuperuser,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/**
 * Takes a plain member out of their organisation: only while the stored account is a member of
 * it and neither an administrator nor the superuser (an administrator is revoked or handed over,
 * never leaves). False otherwise.
 */
export async function leaveOrganizationAsMember(db: Executor, id: number, organizationId: number) {
  const rows = await db
    .update(users)
    .set({ organizationId: null, updatedAt: utcToday })
    .where(
      and(
        eq(users.id, id),
        eq(users.organizationId, organizationId),
        eq(users.role, 'user'),
        eq(users.isSuperuser, false),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Sets the organisation of an account that is not an administrator; false otherwise. */
export async function joinOrganizationAsMember(db: Executor, id: number, organizationId: number) {
  const rows = await db
    .update(users)
    .set({ organizationId, updatedAt: utcToday })
    .where(and(eq(users.id, id), eq(users.role, 'user')))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Whether the account has a confirmed second factor (modules/two-factor). */
export async function hasEnabledCredential(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorCredentials.userId })
    .from(twoFactorCredentials)
    .where(and(eq(twoFactorCredentials.userId, userId), eq(twoFactorCredentials.isEnabled, true)));
  return Boolean(row);
}
