import {
  ANONYMOUS_REPORTER_NAME,
  type CreateMessageInput,
  type ReportMessage,
} from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { BadRequestError, FieldValidationError } from '../../lib/errors';
import type { AuthUser } from '../accounts/caller';
import { insertAuditEntry } from '../audit/audit.repository';
import { createNotifications } from '../notifications/notifications.service';
import { loadAccessibleReport, notifyReportAdmins, reportOwnerId } from '../reports/report-access';
import type { ReportRecord } from '../reports/reports.repository';
import { touchReport } from '../reports/reports.repository';
import * as repo from './comments.repository';

const MESSAGE_PURPOSE = 'report.message';

type Viewer = { user: AuthUser; isOwner: boolean; isAdmin: boolean };

function senderName(report: ReportRecord, message: repo.MessageRecord): string {
  if (message.senderKind === 'admin') return message.senderUsername ?? 'Administrator';
  // The reporter of an anonymous report is "the reporter" to everyone (DESIGN.md 1).
  if (report.isAnonymous) return ANONYMOUS_REPORTER_NAME;
  return report.ownerUsername ?? 'Reporter';
}

function toPayload(
  ctx: AppContext,
  report: ReportRecord,
  viewer: Viewer,
  message: repo.MessageRecord,
): ReportMessage {
  const isSenderAdmin = message.senderKind === 'admin';
  return {
    id: message.id,
    message: ctx.sealer.openText(message.body, MESSAGE_PURPOSE),
    sent_at: message.sentAt.toISOString(),
    is_internal: message.isInternal,
    is_sender_admin: isSenderAdmin,
    is_current_user_sender: isSenderAdmin
      ? message.senderUserId === viewer.user.id
      : viewer.isOwner,
    display_sender_name: senderName(report, message),
  };
}

/** The thread in order. Internal notes reach the report's admins only, never its reporter. */
export async function listMessages(
  ctx: AppContext,
  user: AuthUser,
  reportId: number,
): Promise<ReportMessage[]> {
  const { report, isOwner, isAdmin } = await loadAccessibleReport(
    ctx,
    user,
    reportId,
    'owner-or-admin',
  );
  const viewer = { user, isOwner, isAdmin };
  const messages = await repo.findMessages(ctx.db, reportId);
  return messages
    .filter((message) => isAdmin || !message.isInternal)
    .map((message) => toPayload(ctx, report, viewer, message));
}

export async function postMessage(
  ctx: AppContext,
  user: AuthUser,
  reportId: number,
  input: Required<CreateMessageInput>,
): Promise<ReportMessage> {
  const { report, isOwner, isAdmin } = await loadAccessibleReport(
    ctx,
    user,
    reportId,
    'owner-or-admin',
  );
  if (input.is_internal && !isAdmin) {
    throw new FieldValidationError({
      is_internal: ['Only administrators can write internal notes.'],
    });
  }
  if (report.status === 'cancelled') {
    throw new BadRequestError('This report has been cancelled, so no new messages can be sent.');
  }
  // An admin writing on their own report speaks as its reporter, unless writing a note.
  const senderKind = isOwner && !input.is_internal ? 'reporter' : 'admin';
  const messageId = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertMessage(tx, {
      reportId,
      senderKind,
      senderUserId: senderKind === 'reporter' && report.isAnonymous ? null : user.id,
      isInternal: input.is_internal,
      body: ctx.sealer.seal(input.message, MESSAGE_PURPOSE),
    });
    await touchReport(tx, reportId);
    if (senderKind === 'admin') {
      await insertAuditEntry(tx, {
        actorUserId: user.id,
        actorRole: user.isSuperuser ? 'superuser' : 'admin',
        action: input.is_internal ? 'report.internal_note_added' : 'report.admin_reply_sent',
        objectType: 'report',
        objectId: reportId,
        details: { message_id: id },
      });
      const ownerId = input.is_internal ? null : reportOwnerId(ctx, report);
      if (ownerId !== null && ownerId !== user.id) {
        await createNotifications(ctx, tx, [
          {
            userId: ownerId,
            message: 'An administrator replied to your report.',
            reportId,
            reportTitle: report.title,
          },
        ]);
      }
    } else {
      await notifyReportAdmins(ctx, tx, report, 'The reporter sent a new message.', user.id);
    }
    return id;
  });
  const created = (await repo.findMessage(ctx.db, messageId)) as repo.MessageRecord;
  return toPayload(ctx, report, { user, isOwner, isAdmin }, created);
}
