import type { DeadlineSettings } from '@candor/contract/deadlines';
import type { OrganizationType } from '@candor/contract/enums';
import type {
  JoinCode,
  MyOrganization,
  OrganizationMember,
  UpdateMyOrganizationInput,
} from '@candor/contract/organizations';
import type { RetentionSettings } from '@candor/contract/retention';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newHumanCode, normalizeHumanCode } from '../../lib/codes';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { updateOrganizationPeriods } from '../deadlines/deadlines.service';
import { freeSlugFor } from '../intake/slugs';
import { createNotifications } from '../notifications/notifications.service';
import { setOrganizationRetention } from '../retention/retention.service';
import {
  joinOrganizationAsMember,
  leaveOrganizationAsMember,
  lockStoredRole,
} from '../users/users.service';
import * as repo from './organizations.repository';

/** An organisation's row, for the access requests that name one. */
export { findOrganizationById } from './organizations.repository';

const JOIN_CODE_PURPOSE = 'organization.join';
const INVALID_CODE = 'This join code is not valid.';
const ADMINS_CANNOT_JOIN = 'Administrators cannot join an organisation with a code.';
const ADMIN_CANNOT_LEAVE =
  'The administrator of an organisation cannot leave it. The superuser can hand the administration over to another member, or revoke it.';

type Member = Pick<AuthUser, 'id' | 'role' | 'organizationId'>;

/**
 * An organisation's administrator is the admin whose account belongs to it: only an approved
 * organisation request makes an admin a member (admins cannot join with a code).
 */
export function isOrganizationAdmin(user: Member): boolean {
  return user.role === 'admin' && user.organizationId !== null;
}

function hashJoinCode(ctx: Pick<AppContext, 'hash'>, code: string) {
  return ctx.hash(JOIN_CODE_PURPOSE, normalizeHumanCode(code));
}

/** Creates the organisation of an approved request, in the caller's transaction. */
export async function createOrganization(
  ctx: Pick<AppContext, 'hash'>,
  tx: Executor,
  values: { name: string; type: OrganizationType; justification: string },
): Promise<repo.OrganizationRow> {
  // A code nobody has seen yet: the administrator generates the one to share from the profile.
  return repo.insertOrganization(tx, {
    ...values,
    slug: await freeSlugFor(tx, values.name, null),
    joinCodeHash: hashJoinCode(ctx, newHumanCode()),
  });
}

function toMine(
  ctx: Pick<AppContext, 'config'>,
  organization: repo.OrganizationRow,
  user: Member,
): MyOrganization {
  return {
    id: organization.id,
    name: organization.name,
    type: organization.type,
    is_admin: isOrganizationAdmin(user),
    slug: organization.slug,
    accepts_guest_reports: organization.guestReportsEnabled,
    acknowledge_days: organization.acknowledgeDays,
    feedback_days: organization.feedbackDays,
    retention_days: organization.retentionDays,
    platform_retention_days: ctx.config.retention.days,
    reader_names_shown: organization.readerNamesShown,
    default_language: organization.defaultLanguage,
  };
}

export async function getMine(ctx: AppContext, user: Member): Promise<MyOrganization> {
  if (user.organizationId === null) return null;
  const organization = await repo.findOrganizationById(ctx.db, user.organizationId);
  return organization ? toMine(ctx, organization, user) : null;
}

export async function join(ctx: AppContext, user: Member, code: string): Promise<MyOrganization> {
  const organization = await repo.findOrganizationByJoinCodeHash(ctx.db, hashJoinCode(ctx, code));
  if (!organization) throw new BadRequestError(INVALID_CODE);
  await ctx.db.transaction(async (tx) => {
    // Decided on the stored account, locked: never on the role the token acts with, which a
    // withheld second factor turns into a plain user's (modules/auth/standing.ts).
    const stored = await lockStoredRole(tx, user.id);
    if (!stored) throw new BadRequestError(INVALID_CODE);
    if (stored.role === 'admin' || stored.isSuperuser)
      throw new BadRequestError(ADMINS_CANNOT_JOIN);
    if (stored.organizationId !== null && stored.organizationId !== organization.id) {
      throw new BadRequestError('Leave your current organisation before joining another.');
    }
    if (stored.organizationId === organization.id) return;
    if (!(await joinOrganizationAsMember(tx, user.id, organization.id))) {
      throw new BadRequestError(ADMINS_CANNOT_JOIN);
    }
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'user',
      action: 'organization.member_joined',
      objectType: 'organization',
      objectId: organization.id,
      details: { user_id: user.id },
    });
  });
  return toMine(ctx, organization, { ...user, organizationId: organization.id });
}

/**
 * A member leaves their organisation. Decided on the stored account, locked, and written only
 * while it is still a plain member of that organisation: an administrator (or the superuser)
 * never leaves, they are revoked or handed over (modules/staff), so an organisation is not left
 * without its administrator, and an organisation's administrator cannot turn into a platform one.
 * Audited.
 */
export async function leave(ctx: AppContext, user: Member): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const stored = await lockStoredRole(tx, user.id);
    if (!stored || stored.organizationId === null) {
      throw new BadRequestError('You are not a member of an organisation.');
    }
    const organizationId = stored.organizationId;
    if (
      stored.role !== 'user' ||
      stored.isSuperuser ||
      !(await leaveOrganizationAsMember(tx, user.id, organizationId))
    ) {
      throw new BadRequestError(ADMIN_CANNOT_LEAVE);
    }
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'user',
      action: 'organization.member_left',
      objectType: 'organization',
      objectId: organizationId,
      details: { user_id: user.id },
    });
  });
}

/** A new join code for the caller's organisation; the old one stops working. */
export async function regenerateJoinCode(ctx: AppContext, user: Member): Promise<JoinCode> {
  if (!isOrganizationAdmin(user) || user.organizationId === null) {
    throw new ForbiddenError('Only the administrator of an organisation can generate its code.');
  }
  const organizationId = user.organizationId;
  const code = newHumanCode();
  await ctx.db.transaction(async (tx) => {
    await repo.setJoinCodeHash(tx, organizationId, hashJoinCode(ctx, code));
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'admin',
      action: 'organization.join_code_generated',
      objectType: 'organization',
      objectId: organizationId,
    });
  });
  return { code };
}

/**
 * Its administrator renames the organisation (it gets the new name's slug; every earlier slug
 * keeps leading to it), turns reports without an account on or off, shows handlers' names to
 * reporters, or sets the intake page's language. Audited.
 */
export async function updateMine(
  ctx: AppContext,
  user: Member,
  input: UpdateMyOrganizationInput,
): Promise<MyOrganization> {
  if (!isOrganizationAdmin(user) || user.organizationId === null) {
    throw new ForbiddenError('Only the administrator of an organisation can change it.');
  }
  const organizationId = user.organizationId;
  const updated = await ctx.db.transaction(async (tx) => {
    const changes: Parameters<typeof repo.updateOrganization>[2] = {};
    if (input.name !== undefined) {
      changes.name = input.name.trim();
      changes.slug = await freeSlugFor(tx, changes.name, organizationId);
    }
    if (input.accepts_guest_reports !== undefined) {
      changes.guestReportsEnabled = input.accepts_guest_reports;
    }
    if (input.reader_names_shown !== undefined) {
      changes.readerNamesShown = input.reader_names_shown;
    }
    if (input.default_language !== undefined) {
      changes.defaultLanguage = input.default_language;
    }
    const row = await repo.updateOrganization(tx, organizationId, changes);
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'admin',
      action: 'organization.updated',
      objectType: 'organization',
      objectId: organizationId,
      details: {
        ...(changes.name !== undefined && { name: changes.name, slug: changes.slug }),
        ...(changes.guestReportsEnabled !== undefined && {
          accepts_guest_reports: changes.guestReportsEnabled,
        }),
        ...(changes.readerNamesShown !== undefined && {
          reader_names_shown: changes.readerNamesShown,
        }),
        ...(changes.defaultLanguage !== undefined && {
          default_language: changes.defaultLanguage,
        }),
      },
    });
    return row;
  });
  return toMine(ctx, updated, user);
}

/**
 * The organisation's own legal periods, for reports filed from now on (docs/design.md "The legal
 * clock"): reports already filed keep their dates. Its administrator only; audited.
 */
export async function updateDeadlines(
  ctx: AppContext,
  user: Member,
  settings: DeadlineSettings,
): Promise<MyOrganization> {
  if (!isOrganizationAdmin(user) || user.organizationId === null) {
    throw new ForbiddenError('Only an organisation’s administrator can set its deadlines.');
  }
  const organizationId = user.organizationId;
  await ctx.db.transaction(async (tx) => {
    await updateOrganizationPeriods(tx, organizationId, {
      acknowledgeDays: settings.acknowledge_days,
      feedbackDays: settings.feedback_days,
    });
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'admin',
      action: 'organization.deadlines_changed',
      objectType: 'organization',
      objectId: organizationId,
      details: { ...settings },
    });
  });
  return getMine(ctx, user);
}

/**
 * How many days the organisation's closed reports are kept before they are purged
 * (modules/retention); null: the platform's. Never longer than the platform's RETENTION_DAYS.
 * Its administrator only; audited.
 */
export async function updateRetention(
  ctx: AppContext,
  user: Member,
  settings: RetentionSettings,
): Promise<MyOrganization> {
  if (!isOrganizationAdmin(user) || user.organizationId === null) {
    throw new ForbiddenError(
      'Only an organisation’s administrator can set how long reports are kept.',
    );
  }
  const platformDays = ctx.config.retention.days;
  if (settings.retention_days !== null && settings.retention_days > platformDays) {
    throw new BadRequestError(
      `At most ${platformDays} days: the platform keeps closed reports no longer than that.`,
    );
  }
  const organizationId = user.organizationId;
  await ctx.db.transaction(async (tx) => {
    await setOrganizationRetention(tx, organizationId, settings.retention_days);
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'admin',
      action: 'organization.retention_changed',
      objectType: 'organization',
      objectId: organizationId,
      details: { retention_days: settings.retention_days },
    });
  });
  return getMine(ctx, user);
}

export const MEMBERS_ADMIN_ONLY =
  'Only the administrator of an organisation can see and remove its members.';
export const CANNOT_REMOVE_SELF =
  'You cannot remove yourself. The superuser can hand the administration over to another member.';
export const CANNOT_REMOVE_ADMIN =
  'An administrator cannot be removed here. The superuser revokes administrator access.';

/**
 * The organisation the caller administers, by their stored account, locked in the transaction:
 * never by the role their token acts with, which a withheld second factor turns into a plain
 * user's, nor by a role the superuser has just revoked.
 */
async function administeredOrganization(db: Executor, user: Member): Promise<number> {
  const stored = await lockStoredRole(db, user.id);
  if (stored?.role !== 'admin' || stored.organizationId === null) {
    throw new ForbiddenError(MEMBERS_ADMIN_ONLY);
  }
  return stored.organizationId;
}

/** Its administrators see the organisation's accounts: username, since when, active. */
export async function listMembers(ctx: AppContext, user: Member): Promise<OrganizationMember[]> {
  const rows = await ctx.db.transaction(async (tx) =>
    repo.findMembers(tx, await administeredOrganization(tx, user)),
  );
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    member_since: row.memberSince,
    is_active: row.isActive,
    is_admin: row.role === 'admin',
  }));
}

/**
 * An administrator removes a plain member from their organisation. Decided on the stored
 * accounts, both locked: never oneself, never another administrator (nor the superuser).
 * Audited; the member is told by a notice and, when they have mail alerts, a mail.
 */
export async function removeMember(ctx: AppContext, user: Member, memberId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const organizationId = await administeredOrganization(tx, user);
    if (memberId === user.id) throw new BadRequestError(CANNOT_REMOVE_SELF);
    const member = await lockStoredRole(tx, memberId);
    // Someone outside the organisation is not found, like an account that does not exist.
    if (!member || member.organizationId !== organizationId) throw new NotFoundError();
    if (
      member.role !== 'user' ||
      member.isSuperuser ||
      !(await leaveOrganizationAsMember(tx, memberId, organizationId))
    ) {
      throw new BadRequestError(CANNOT_REMOVE_ADMIN);
    }
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: 'admin',
      action: 'organization.member_removed',
      objectType: 'organization',
      objectId: organizationId,
      details: { user_id: memberId },
    });
    const organization = await repo.findOrganizationById(tx, organizationId);
    await createNotifications(ctx, tx, [
      {
        userId: memberId,
        message: `You were removed from ${organization?.name ?? 'your organisation'} by its administrator. Your reports stay with it.`,
        alert: 'access_changed',
      },
    ]);
  });
}
