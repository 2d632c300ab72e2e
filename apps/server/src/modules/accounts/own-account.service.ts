import type {
  changePasswordInputSchema,
  deleteAccountInputSchema,
  MyData,
  TokenPair,
} from '@candor/contract/accounts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { sealedColumns } from '../../db/sealed-columns';
import { FieldValidationError, ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { findMessages } from '../comments/comments.service';
import {
  findNotificationsForUser,
  noticeReaderOf,
  toNotification,
} from '../notifications/notifications.service';
import { deleteOwnerIndex } from '../owners/owner-index';
import { listOwnReports } from '../reports/reports.service';
import { publishAccountChange } from '../users/account-changes';
import { verifyCurrentPassword } from '../users/current-password';
import { revokeAllLogins, startSession } from '../users/sessions.service';
import * as users from '../users/users.service';
import * as repo from './own-account.repository';

type ChangePassword = z.output<typeof changePasswordInputSchema>;
type DeleteAccount = z.output<typeof deleteAccountInputSchema>;

const MESSAGE_PURPOSE = sealedColumns.reportMessage.purpose;

/**
 * Replaces the password and ends every login of the account; the caller gets a new one, so only
 * the browser that changed it stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  caller: AuthUser,
  input: ChangePassword,
  address: string,
): Promise<TokenPair> {
  const user = await verifyCurrentPassword(ctx, caller.id, {
    password: input.current_password,
    field: 'current_password',
    address,
  });
  const problems = [
    ...(input.new_password.toLowerCase() === user.username.toLowerCase()
      ? ['The password is too similar to the username.']
      : []),
  ];
  if (problems.length > 0) throw new FieldValidationError({ new_password: problems });
  const passwordHash = await hashPassword(input.new_password);
  return ctx.db.transaction(async (tx) => {
    await users.setPasswordHash(tx, user.id, passwordHash);
    await revokeAllLogins(tx, user.id);
    // The new login keeps the second factor the caller's login gave (their staff role was not
    // held back), so changing a password does not cost a staff member their role.
    return startSession(ctx, tx, { ...user, passwordHash }, caller.withheld == null);
  });
}

/**
 * Everything the account holds, for its owner: the profile, the reports filed with it (the
 * anonymous ones found as My Reports finds them), what the reporter can see of their threads,
 * and their notices.
 */
export async function exportMyData(ctx: AppContext, caller: AuthUser): Promise<MyData> {
  const user = await users.findUserById(ctx.db, caller.id);
  if (!user) throw new UnauthorizedError();
  const own = await listOwnReports(ctx, caller);
  const reports: MyData['reports'] = [];
  for (const report of own) {
    const messages = (await findMessages(ctx.db, report.id)).filter((m) => !m.isInternal);
    reports.push({
      reference: report.token,
      title: report.title,
      description: report.description,
      category: report.category,
      status: report.status,
      is_anonymous: report.is_anonymous,
      organization_name: report.organization_name,
      submitted_at: report.submitted_at,
      messages: messages.map((message) => ({
        from: message.senderKind === 'admin' ? 'administrator' : 'me',
        message: ctx.sealer.openText(message.body, MESSAGE_PURPOSE),
        sent_at: message.sentAt.toISOString(),
      })),
    });
  }
  const reader = await noticeReaderOf(ctx, caller.id);
  const rows = await findNotificationsForUser(ctx.db, reader.recipient);
  return {
    generated_at: new Date().toISOString(),
    profile: {
      username: user.username,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      plan: user.plan,
      registered_on: user.createdAt,
    },
    reports,
    notifications: rows.map((row) => {
      const isRead =
        row.userId !== null
          ? row.isRead
          : row.id <= reader.marks.readThrough || reader.marks.read.includes(row.id);
      const notice = toNotification(ctx, row, isRead);
      return {
        message: notice.message,
        report_reference: notice.report_reference,
        is_read: notice.is_read,
        created_at: notice.created_at,
      };
    }),
  };
}

export const SUPERUSER_DELETION_REFUSAL =
  "The superuser's account cannot be deleted: the platform would be left without one.";

/**
 * Deletes the account (docs/operating.md "Staff and accounts over time"). The person goes: the
 * account (and with it the salt in its anonymous reports' tags, so nobody can match them to it
 * again), its logins, notices, index, requests for access. The reports stay for their case:
 * identified ones marked as filed by a deleted account; anonymous ones untouched, since nothing
 * in this transaction may be about them (docs/protection.md "The dump reader"). A no-account
 * receipt still reaches its report. The audit row names nobody.
 */
export async function deleteAccount(
  ctx: AppContext,
  caller: AuthUser,
  input: DeleteAccount,
  address: string,
): Promise<void> {
  const user = await verifyCurrentPassword(ctx, caller.id, {
    password: input.password,
    field: 'password',
    address,
  });
  if (user.isSuperuser) throw new ForbiddenError(SUPERUSER_DELETION_REFUSAL);
  await ctx.db.transaction(async (tx) => {
    await revokeAllLogins(tx, user.id);
    await deleteOwnerIndex(ctx, tx, user.id);
    await repo.detachIdentifiedReports(tx, user.id);
    await repo.deleteNotifications(tx, user.id);
    await repo.deleteAccessRequests(tx, user.id);
    await repo.deleteUser(tx, user.id);
    await insertAuditEntry(tx, {
      actorUserId: null,
      actorRole: 'user',
      action: 'account.deleted',
      objectType: 'user',
      objectId: null,
    });
    await publishAccountChange(tx, user.id);
  });
}
