import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

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

export async function isUsernameTaken(db: Executor, username: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return Boolean(row);
}

export async function isEmailTaken(db: Executor, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return Boolean(row);
}

export async function insertUser(db: Executor, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row as UserRow;
}

export async function updateUser(db: Executor, id: number, values: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function hasSuperuser(db: Executor) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperuser, true))
    .limit(1);
  return rows.length > 0;
}

/** What a request needs of its caller's account (modules/accounts/caller.ts). */
export async function findCaller(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      plan: users.plan,
      isSuperuser: users.isSuperuser,
      isActive: users.isActive,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
