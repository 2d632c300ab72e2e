import type {
  AccessRequestCreated,
  AccessRequestData,
  AccessRequestReviewItem,
  AccessReviewDecision,
} from '@candor/contract/access-requests';
import type { AccessRequestType, OrganizationType } from '@candor/contract/enums';
import type { PageQuery } from '@candor/contract/pagination';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newHumanCode, normalizeHumanCode } from '../../lib/codes';
import { isUniqueViolation } from '../../lib/db-errors';
import { BadRequestError, FieldValidationError, NotFoundError } from '../../lib/errors';
import { listOrPage } from '../../lib/pagination';
import { type AuditEntry, insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { findSuperuserIds } from '../deadlines/deadlines.service';
import { createNotifications } from '../notifications/notifications.service';
import { createOrganization, findOrganizationById } from '../organizations/organizations.service';
import { queueAddressMail, queueAlerts } from '../outbox/outbox';
import {
  findUserById,
  lockStoredAccount,
  promoteOutsideOrganizations,
  updateUser,
} from '../users/users.service';
import * as repo from './access-requests.repository';

const CLAIM_CODE_PURPOSE = 'access_request.claim';
const PENDING_FOR_ACCOUNT = 'You already have a pending request for admin access.';
const PENDING_FOR_EMAIL = 'A request for admin access with this email is already pending.';
const INVALID_CLAIM_CODE = 'This invitation code is not valid.';

export function hashClaimCode(ctx: Pick<AppContext, 'hash'>, code: string) {
  return ctx.hash(CLAIM_CODE_PURPOSE, normalizeHumanCode(code));
}

/**
 * Decided on the stored account, never on the role the token acts with: an administrator whose
 * second factor is withheld acts as a plain user (modules/auth/standing.ts), yet must not
 * apply to become the administrator of something else.
 */
async function refuseExistingAccess(ctx: AppContext, caller: AuthUser, type: AccessRequestType) {
  const stored = await findUserById(ctx.db, caller.id);
  if (!stored) throw new BadRequestError('Your account is not available.');
  if (type === 'individual' && (stored.role === 'admin' || stored.isSuperuser)) {
    throw new BadRequestError('You are already an administrator.');
  }
  if (type === 'organization' && stored.role === 'admin' && stored.organizationId !== null) {
    throw new BadRequestError('You already administer an organisation.');
  }
}

/**
 * As in the original product: anyone may apply. With a token the request is linked to the caller's account;
 * without one the applicant gets a one-time claim code to register with (README).
 */
export async function createRequest(
  ctx: AppContext,
  caller: AuthUser | null,
  input: AccessRequestData,
): Promise<AccessRequestCreated> {
  if (caller) {
    await refuseExistingAccess(ctx, caller, input.request_type);
    if (await repo.hasPendingForUser(ctx.db, caller.id)) {
      throw new BadRequestError(PENDING_FOR_ACCOUNT);
    }
  }
  if (await repo.hasPendingForEmail(ctx.db, input.email)) {
    throw new BadRequestError(PENDING_FOR_EMAIL);
  }
  const claimCode = caller ? null : newHumanCode();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertAccessRequest(tx, {
        userId: caller?.id ?? null,
        requestType: input.request_type,
        email: input.email,
        phone: input.phone,
        justification: input.justification,
        organizationType: input.organization_type,
        organizationName: input.organization_name,
        claimCodeHash: claimCode ? hashClaimCode(ctx, claimCode) : null,
      });
      const superusers = await findSuperuserIds(tx);
      await queueAlerts(
        ctx,
        tx,
        superusers.map((userId) => ({ userId, kind: 'admin_request' as const })),
      );
      return inserted;
    });
    return {
      id: row.id,
      request_type: row.requestType,
      status: 'pending',
      submitted_at: row.submittedAt.toISOString(),
      claim_code: claimCode,
    };
  } catch (error) {
    // Two submissions at once: the partial unique indexes let only one through.
    if (isUniqueViolation(error, 'access_requests_pending_user_key')) {
      throw new BadRequestError(PENDING_FOR_ACCOUNT);
    }
    if (isUniqueViolation(error, 'access_requests_pending_email_key')) {
      throw new BadRequestError(PENDING_FOR_EMAIL);
    }
    throw error;
  }
}

type PendingRow = Awaited<ReturnType<typeof repo.findPending>>[number];

function toReviewItem(row: PendingRow): AccessRequestReviewItem {
  return {
    id: row.id,
    username: row.username,
    justification: row.justification,
    submitted_at: row.submittedAt.toISOString(),
    request_type: row.requestType,
    email: row.email,
    phone: row.phone,
    organization_type: row.organizationType,
    organization_name: row.organizationName,
    applicant_organization: row.applicantOrganization,
  };
}

/** The pending requests, oldest first; a page when asked for (docs/api.md "The API"). */
export async function listPending(ctx: AppContext, query: PageQuery) {
  return listOrPage(query, {
    find: async (page) => (await repo.findPending(ctx.db, page)).map(toReviewItem),
    count: () => repo.countPending(ctx.db),
  });
}

function decisionMessage(
  row: repo.AccessRequestRow,
  outcome: 'approved' | 'rejected',
  reason?: string,
) {
  const subject =
    row.requestType === 'organization' && row.organizationName
      ? `Your request for admin access for ${row.organizationName}`
      : 'Your request for admin access';
  return reason
    ? `${subject} has been ${outcome}. Reason: ${reason}`
    : `${subject} has been ${outcome}.`;
}

type Actor = Pick<AuditEntry, 'actorUserId' | 'actorRole'>;

/**
 * What approval gives: an organisation request gets its organisation (once), and the linked
 * account, if any, becomes admin (and the organisation's administrator). An applicant without
 * an account receives this when registering with the claim code.
 */
async function grantAdminAccess(
  ctx: AppContext,
  tx: Executor,
  row: repo.AccessRequestRow,
  actor: Actor,
): Promise<void> {
  let organizationId = row.organizationId;
  if (row.requestType === 'organization' && organizationId === null) {
    const organization = await createOrganization(ctx, tx, {
      name: row.organizationName ?? '',
      type: row.organizationType as OrganizationType,
      justification: row.justification,
    });
    organizationId = organization.id;
    await repo.setOrganization(tx, row.id, organizationId);
    await insertAuditEntry(tx, {
      ...actor,
      action: 'organization.created',
      objectType: 'organization',
      objectId: organizationId,
      details: { access_request_id: row.id, name: organization.name, type: organization.type },
    });
  }
  if (row.userId === null) return;
  const user = await lockStoredAccount(tx, row.userId);
  if (!user) return;
  if (organizationId === null) {
    // An individual approval makes a platform administrator, and only of someone outside every
    // organisation: an admin who belongs to one administers it (organizations.service.ts).
    if (user.organizationId !== null) await refuseMember(tx, user);
    if (!(await promoteOutsideOrganizations(tx, user.id))) {
      // They joined an organisation while this was being decided.
      await refuseMember(tx, (await findUserById(tx, user.id)) ?? user);
    }
  } else {
    // The administrator of another organisation is never moved away from it: that one would be
    // left without its administrator (the stored role decides, locked above).
    if (
      user.role === 'admin' &&
      user.organizationId !== null &&
      user.organizationId !== organizationId
    ) {
      throw new BadRequestError(
        `${user.username} already administers an organisation, so this approval cannot make them the administrator of another. The superuser can hand their organisation over first.`,
      );
    }
    await updateUser(tx, user.id, { role: 'admin', organizationId });
  }
  if (user.role !== 'admin' || user.organizationId !== organizationId) {
    await insertAuditEntry(tx, {
      ...actor,
      action: user.role !== 'admin' ? 'user.role_changed' : 'user.organization_changed',
      objectType: 'user',
      objectId: user.id,
      details: {
        from: user.role,
        to: 'admin',
        access_request_id: row.id,
        from_organization_id: user.organizationId,
        organization_id: organizationId,
      },
    });
  }
}

/** The reason an organisation member's individual request cannot be approved (README). */
export function memberRefusal(username: string, organizationName: string) {
  return (
    `${username} is a member of ${organizationName}. An individual approval cannot be given to ` +
    'a member of an organisation: it would make them its administrator. They can leave the ' +
    'organisation and be approved then, or the organisation can apply.'
  );
}

async function refuseMember(
  tx: Executor,
  user: { username: string; organizationId: number | null },
): Promise<never> {
  const organization =
    user.organizationId === null ? null : await findOrganizationById(tx, user.organizationId);
  throw new BadRequestError(memberRefusal(user.username, organization?.name ?? 'an organisation'));
}

/**
 * Approves or rejects a pending request; a decided request stays decided. A rejection's reason
 * is sent to the applicant with the decision (a notice, sealed, and a mail alert to sign in).
 */
export async function decide(
  ctx: AppContext,
  superuser: AuthUser,
  id: number,
  action: 'approve' | 'reject',
  reason?: string,
): Promise<AccessReviewDecision> {
  const status = action === 'approve' ? 'approved' : 'rejected';
  return ctx.db.transaction(async (tx) => {
    const row = await repo.markDecided(tx, id, { status, decidedByUserId: superuser.id });
    if (!row) {
      if (!(await repo.findById(tx, id))) throw new NotFoundError();
      throw new BadRequestError('This request has already been decided.');
    }
    const actor = { actorUserId: superuser.id, actorRole: 'superuser' } as const;
    await insertAuditEntry(tx, {
      ...actor,
      action: status === 'approved' ? 'access_request.approved' : 'access_request.rejected',
      objectType: 'access_request',
      objectId: row.id,
      details: {
        request_type: row.requestType,
        has_account: row.userId !== null,
        ...(status === 'rejected' && reason ? { reason } : {}),
      },
    });
    if (status === 'approved') await grantAdminAccess(ctx, tx, row, actor);
    if (row.userId === null && ctx.config.mail) {
      // Applied without an account: the decision, and a rejection's reason, go to the address
      // the application gave (when mail is on).
      const next = status === 'approved' ? `${ctx.config.mail.publicUrl}/register` : null;
      const words = decisionMessage(row, status, status === 'rejected' ? reason : undefined);
      await queueAddressMail(ctx, tx, 'access_decision', row.email, next, words);
    }
    if (row.userId !== null) {
      await createNotifications(ctx, tx, [
        {
          userId: row.userId,
          message: decisionMessage(row, status, status === 'rejected' ? reason : undefined),
          alert: 'access_changed',
        },
      ]);
    }
    return {
      id: row.id,
      status,
      detail: status === 'approved' ? 'Request approved.' : 'Request rejected.',
    };
  });
}

/**
 * Registration with a claim code (docs/api.md "Becoming an administrator"): links the new account to
 * the request; when the request was already approved, the account becomes admin at once.
 */
export async function redeemClaimCode(
  ctx: AppContext,
  tx: Executor,
  userId: number,
  code: string,
): Promise<void> {
  const row = await repo.findByClaimCodeHash(tx, hashClaimCode(ctx, code));
  if (!row || row.userId !== null || row.status === 'rejected') {
    throw new FieldValidationError({ claim_code: [INVALID_CLAIM_CODE] });
  }
  if (!(await repo.claim(tx, row.id, userId))) {
    throw new FieldValidationError({ claim_code: [INVALID_CLAIM_CODE] });
  }
  if (row.status === 'approved') {
    await grantAdminAccess(ctx, tx, { ...row, userId }, { actorUserId: null, actorRole: 'system' });
  }
}
