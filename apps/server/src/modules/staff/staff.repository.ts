import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations, reports, twoFactorCredentials, users } from '../../db/schema';
import { utcToday } from '../../lib/day';

export type StaffFilter = {
  scope?: 'platform' | 'organization';
  status?: 'active' | 'deactivated';
  q?: string;
};

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Administrators, and deactivated accounts (which only the Staff tab can bring back). */
function staffWhere(filter: StaffFilter): SQL | undefined {
  return and(
    or(eq(users.role, 'admin'), eq(users.isActive, false)),
    filter.scope === 'platform'
      ? and(eq(users.role, 'admin'), isNull(users.organizationId))
      : filter.scope === 'organization'
        ? and(eq(users.role, 'admin'), isNotNull(users.organizationId))
        : undefined,
    filter.status === 'active'
      ? eq(users.isActive, true)
      : filter.status === 'deactivated'
        ? eq(users.isActive, false)
        : undefined,
    filter.q
      ? or(
          ilike(users.username, likeLiteral(filter.q)),
          ilike(organizations.name, likeLiteral(filter.q)),
        )
      : undefined,
  );
}

const staffColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  isActive: users.isActive,
  isSuperuser: users.isSuperuser,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  adminSince: users.adminSince,
  hasTwoFactor: sql<boolean>`coalesce(${twoFactorCredentials.isEnabled}, false)`,
};

export async function findStaffById(db: Executor, id: number) {
  return db
    .select(staffColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(eq(users.id, id));
}

export async function findStaff(
  db: Executor,
  filter: StaffFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(staffColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(twoFactorCredentials, eq(twoFactorCredentials.userId, users.id))
    .where(staffWhere(filter))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countStaff(db: Executor, filter: StaffFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(staffWhere(filter));
  return row?.total ?? 0;
}

/** The account, locked for the rest of the transaction. */
export async function lockUser(tx: Executor, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function setUser(
  tx: Executor,
  id: number,
  values: { role?: 'user' | 'admin'; isActive?: boolean },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: utcToday })
    .where(eq(users.id, id));
}

/** The organisation's active administrators, other than `exceptId`. */
export async function findOrganizationAdmins(
  tx: Executor,
  organizationId: number,
  exceptId?: number,
) {
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.role, 'admin'),
        eq(users.isActive, true),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return rows;
}

export async function findOrganization(db: Executor, id: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? null;
}

/** Locks the organisation row: two hand-overs of one organisation take turns. */
export async function lockOrganization(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for('update');
  return row ?? null;
}

export async function findMembers(db: Executor, organizationId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

/**
 * Organisations without an active administrator, with how many of their reports are still open
 * (pending or under review).
 */
export async function findUnadministeredOrganizations(db: Executor) {
  const admins = db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNotNull(users.organizationId)));
  const open = db
    .select({ organizationId: reports.organizationId, total: count().as('total') })
    .from(reports)
    .where(inArray(reports.status, ['pending', 'under_review']))
    .groupBy(reports.organizationId)
    .as('open');
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      openReports: sql<number>`coalesce(${open.total}, 0)::int`,
    })
    .from(organizations)
    .leftJoin(open, eq(open.organizationId, organizations.id))
    .where(sql`${organizations.id} not in (${admins})`)
    .orderBy(asc(organizations.name), asc(organizations.id));
}
