import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailSettings, users } from '../../db/schema';

export type SettingsRow = typeof mailSettings.$inferSelect;

export async function findSettings(db: Executor, userId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.userId, userId));
  return row ?? null;
}

/** The row, created with defaults when missing, locked for the caller's transaction. */
export async function lockSettings(db: Executor, userId: number): Promise<SettingsRow> {
  await db.insert(mailSettings).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(mailSettings)
    .where(eq(mailSettings.userId, userId))
    .for('update');
  return row as SettingsRow;
}

export async function updateSettings(
  db: Executor,
  userId: number,
  values: Partial<Omit<SettingsRow, 'userId'>>,
): Promise<void> {
  await db.update(mailSettings).set(values).where(eq(mailSettings.userId, userId));
}

/** Moves the link generation on: every verification link sent before stops working. */
export async function bumpLinkEpoch(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .update(mailSettings)
    .set({ linkEpoch: sql`${mailSettings.linkEpoch} + 1` })
    .where(eq(mailSettings.userId, userId))
    .returning({ linkEpoch: mailSettings.linkEpoch });
  return row?.linkEpoch ?? 0;
}

export type ResetCandidate = {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  tokenEpoch: number;
  role: 'user' | 'admin';
  isSuperuser: boolean;
  isActive: boolean;
  verifiedEmail: string | null;
};

const candidateColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  tokenEpoch: users.tokenEpoch,
  role: users.role,
  isSuperuser: users.isSuperuser,
  isActive: users.isActive,
  verifiedEmail: mailSettings.verifiedEmail,
};

/** The staff account whose email is this verified address, if any. */
export async function findByVerifiedEmail(
  db: Executor,
  email: string,
): Promise<ResetCandidate | null> {
  const [row] = await db
    .select(candidateColumns)
    .from(users)
    .innerJoin(mailSettings, eq(mailSettings.userId, users.id))
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        sql`lower(${mailSettings.verifiedEmail}) = ${email.toLowerCase()}`,
      ),
    );
  return (row as ResetCandidate | undefined) ?? null;
}

export async function findCandidate(db: Executor, id: number): Promise<ResetCandidate | null> {
  const [row] = await db
    .select(candidateColumns)
    .from(users)
    .innerJoin(mailSettings, eq(mailSettings.userId, users.id))
    .where(eq(users.id, id))
    .for('update', { of: users });
  return (row as ResetCandidate | undefined) ?? null;
}
