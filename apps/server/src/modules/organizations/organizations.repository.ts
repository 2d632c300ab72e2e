import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, users } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function insertOrganization(
  db: Executor,
  values: typeof organizations.$inferInsert,
): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(values).returning();
  return row as OrganizationRow;
}

export async function findOrganizationById(db: Executor, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

export async function findOrganizationByJoinCodeHash(db: Executor, joinCodeHash: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.joinCodeHash, joinCodeHash));
  return row ?? null;
}

export async function setJoinCodeHash(db: Executor, id: number, joinCodeHash: string) {
  await db.update(organizations).set({ joinCodeHash }).where(eq(organizations.id, id));
}

export async function updateOrganization(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<
      OrganizationRow,
      'name' | 'slug' | 'guestReportsEnabled' | 'readerNamesShown' | 'defaultLanguage'
    >
  >,
): Promise<OrganizationRow> {
  const [row] = await db
    .update(organizations)
    .set(changes)
    .where(eq(organizations.id, id))
    .returning();
  return row as OrganizationRow;
}

/** The accounts of an organisation, administrators first, then by name. */
export async function findMembers(db: Executor, organizationId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      memberSince: users.memberSince,
      isActive: users.isActive,
      role: users.role,
    })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.role), asc(users.username), asc(users.id));
}
