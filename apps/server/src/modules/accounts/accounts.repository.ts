import { and, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { NewUser, UserRow } from '../users/users.service';

/**
 * The queries of registration and of the superuser's creation: the reads and writes of an
 * account row that other modules need are the users module's (modules/users/users.service.ts).
 */
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
