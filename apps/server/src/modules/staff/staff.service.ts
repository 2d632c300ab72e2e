import type {
  handOverInputSchema,
  OrganizationStaff,
  StaffMember,
  StaffPage,
  staffQuerySchema,
  UnadministeredOrganization,
} from '@candor/contract/staff';
import { STAFF_PAGE_SIZE } from '@candor/contract/staff';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { createNotifications } from '../notifications/notifications.service';
import { publishAccountChange } from '../users/account-changes';
import { revokeAllLogins } from '../users/sessions.service';
import * as repo from './staff.repository';

type Query = z.output<typeof staffQuerySchema>;
type HandOver = z.output<typeof handOverInputSchema>;

export const OWN_ACCOUNT_REFUSAL =
  "The superuser's own account cannot be revoked or deactivated here, so the platform is never left without it.";

type StaffRow = Awaited<ReturnType<typeof repo.findStaff>>[number];

function toStaffMember(row: StaffRow): StaffMember {
  const isAdmin = row.role === 'admin';
  return {
    id: row.id,
    username: row.username,
    scope: isAdmin ? (row.organizationId === null ? 'platform' : 'organization') : null,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    admin_since: isAdmin ? row.adminSince : null,
    is_active: row.isActive,
    is_superuser: row.isSuperuser,
    // Whether an authenticator is set up (modules/two-factor); when is not kept.
    second_factor: { is_enabled: Boolean(row.hasTwoFactor), since: null },
  };
}

export async function listStaff(ctx: AppContext, query: Query): Promise<StaffPage> {
  const filter: repo.StaffFilter = {
    scope: query.scope,
    status: query.status,
    q: query.q || undefined,
  };
  const page = { limit: query.limit ?? STAFF_PAGE_SIZE, offset: query.offset ?? 0 };
  const [count, rows] = await Promise.all([
    repo.countStaff(ctx.db, filter),
    repo.findStaff(ctx.db, filter, page),
  ]);
  return { count, results: rows.map(toStaffMember) };
}

async function staffMember(ctx: AppContext, id: number): Promise<StaffMember> {
  const [row] = await repo.findStaffById(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toStaffMember(row);
}

/**
 * What every change to someone's access does besides the change itself, in its transaction:
 * every login of the account ends, its sockets on every server process close once it commits,
 * and the person is told.
 */
async function takeEffect(
  ctx: AppContext,
  tx: Executor,
  userId: number,
  message: string,
  options: { endLogins: boolean },
) {
  if (options.endLogins) await revokeAllLogins(tx, userId);
  await createNotifications(ctx, tx, [{ userId, message, alert: 'access_changed' }]);
  await publishAccountChange(tx, userId);
}

type Change = 'revoke' | 'deactivate' | 'reactivate';

/** Revokes administrator access, deactivates or reactivates an account (Staff tab). */
export async function changeAccount(
  ctx: AppContext,
  superuser: AuthUser,
  id: number,
  change: Change,
): Promise<StaffMember> {
  await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, id);
    if (!user) throw new NotFoundError();
    if (user.isSuperuser || user.id === superuser.id) throw new ForbiddenError(OWN_ACCOUNT_REFUSAL);
    const actor = { actorUserId: superuser.id, actorRole: 'superuser' } as const;
    if (change === 'revoke') {
      if (user.role !== 'admin') throw new BadRequestError('This account is not an administrator.');
      await repo.setUser(tx, id, { role: 'user' });
      await insertAuditEntry(tx, {
        ...actor,
        action: 'user.role_changed',
        objectType: 'user',
        objectId: id,
        details: { from: 'admin', to: 'user', organization_id: user.organizationId },
      });
      await takeEffect(ctx, tx, id, 'Your administrator access was revoked by the superuser.', {
        endLogins: true,
      });
    } else if (change === 'deactivate') {
      if (!user.isActive) throw new BadRequestError('This account is already deactivated.');
      await repo.setUser(tx, id, { isActive: false });
      await insertAuditEntry(tx, {
        ...actor,
        action: 'user.deactivated',
        objectType: 'user',
        objectId: id,
        details: { role: user.role, organization_id: user.organizationId },
      });
      await takeEffect(ctx, tx, id, 'Your account was deactivated by the superuser.', {
        endLogins: true,
      });
    } else {
      if (user.isActive) throw new BadRequestError('This account is already active.');
      await repo.setUser(tx, id, { isActive: true });
      await insertAuditEntry(tx, {
        ...actor,
        action: 'user.reactivated',
        objectType: 'user',
        objectId: id,
        details: { role: user.role, organization_id: user.organizationId },
      });
      await takeEffect(ctx, tx, id, 'Your account was reactivated by the superuser.', {
        endLogins: true,
      });
    }
  });
  return staffMember(ctx, id);
}

export async function getOrganizationStaff(
  ctx: AppContext,
  id: number,
): Promise<OrganizationStaff> {
  const organization = await repo.findOrganization(ctx.db, id);
  if (!organization) throw new NotFoundError();
  const members = await repo.findMembers(ctx.db, id);
  return {
    ...organization,
    members: members.map((member) => ({
      id: member.id,
      username: member.username,
      is_admin: member.role === 'admin',
      is_active: member.isActive,
    })),
  };
}

export async function listUnadministeredOrganizations(
  ctx: AppContext,
): Promise<UnadministeredOrganization[]> {
  const rows = await repo.findUnadministeredOrganizations(ctx.db);
  return rows.map((row) => ({ id: row.id, name: row.name, open_reports: Number(row.openReports) }));
}

/**
 * Makes a member of the organisation its administrator; with `replace`, its other
 * administrators go back to being members (a hand-over). Each person concerned is told, and
 * each change takes effect at once.
 */
export async function handOver(
  ctx: AppContext,
  superuser: AuthUser,
  organizationId: number,
  input: HandOver,
): Promise<OrganizationStaff> {
  await ctx.db.transaction(async (tx) => {
    const organization = await repo.lockOrganization(tx, organizationId);
    if (!organization) throw new NotFoundError();
    const user = await repo.lockUser(tx, input.user_id);
    if (!user || user.organizationId !== organizationId) {
      throw new BadRequestError('Choose a member of this organisation.');
    }
    if (!user.isActive)
      throw new BadRequestError('This account is deactivated: reactivate it first.');
    const replaced = input.replace
      ? await repo.findOrganizationAdmins(tx, organizationId, user.id)
      : [];
    if (user.role === 'admin' && replaced.length === 0) {
      throw new BadRequestError('This member is already an administrator of the organisation.');
    }
    const actor = { actorUserId: superuser.id, actorRole: 'superuser' } as const;
    if (user.role !== 'admin') {
      await repo.setUser(tx, user.id, { role: 'admin' });
      await insertAuditEntry(tx, {
        ...actor,
        action: 'user.role_changed',
        objectType: 'user',
        objectId: user.id,
        details: { from: 'user', to: 'admin', organization_id: organizationId },
      });
      await takeEffect(ctx, tx, user.id, `You are now an administrator of ${organization.name}.`, {
        endLogins: false,
      });
    }
    for (const admin of replaced) {
      if (admin.id === superuser.id) continue;
      await repo.setUser(tx, admin.id, { role: 'user' });
      await insertAuditEntry(tx, {
        ...actor,
        action: 'user.role_changed',
        objectType: 'user',
        objectId: admin.id,
        details: { from: 'admin', to: 'user', organization_id: organizationId },
      });
      await takeEffect(
        ctx,
        tx,
        admin.id,
        `The administration of ${organization.name} was handed over to another member; you remain a member.`,
        { endLogins: true },
      );
    }
    await insertAuditEntry(tx, {
      ...actor,
      action: 'organization.admin_handed_over',
      objectType: 'organization',
      objectId: organizationId,
      details: { admin_user_id: user.id, replaced_user_ids: replaced.map((admin) => admin.id) },
    });
  });
  return getOrganizationStaff(ctx, organizationId);
}
