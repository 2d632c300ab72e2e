import { REQUIRED_MESSAGE } from '@candor/contract/fields';
import { ADMINISTRATOR_NAME } from '@candor/contract/labels';
import {
  ANONYMOUS_REPORTER_NAME,
  type CreateMessageInput,
  DELETED_ACCOUNT_NAME,
  type ReportMessage,
} from '@candor/contract/reports';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sealedColumns } from '../../db/sealed-columns';
import {
  BadRequestError,
  ConflictError,
  FieldValidationError,
  ForbiddenError,
  NotFoundError,
} from '../../lib/errors';
import { versionKeys } from '../../lib/read-cache';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { recordClockEvents } from '../deadlines/deadlines.service';
import {
  adminNoticeRows,
  createNotifications,
  sendSignalsOf,
  transactionWithNotices,
} from '../notifications/notifications.service';
import { alertRowsParam } from '../outbox/outbox';
import { isReportOwner } from '../owners/owner-index';
import {
  accessTo,
  adminsToTell,
  isStaleReplyView,
  keptOrReadReplyView,
  loadAccessibleReport,
  type NoticeColumns,
  noticeScopeColumns,
  noticeScopeOf,
  notifyReportAdmins,
  OWN_REPORT_REFUSAL,
  type ReplyView,
  replyViewOf,
  reporterTarget,
} from '../reports/report-access';
import type { ReportRecord } from '../reports/reports.service';
import { touchReport } from '../reports/reports.service';
import {
  disguiseRecording,
  recordVoice,
  removeVoiceFiles,
  type StoredVoice,
  storeRecording,
  toVoicePayload,
} from '../voice/voice.service';
import * as repo from './comments.repository';

/** A report's messages, for the account's own export and the admin's status note. */
export { findMessages, insertMessage } from './comments.repository';

/** A recording sent with a message, and the token of its listen-back if it is one. */
export type VoiceUpload = { recording: Buffer; token: unknown };

/**
 * Disguises and stores a message's recording, then runs `write` (the message's transaction) with
 * it; the file is removed again when that does not commit.
 */
async function withStoredVoice<T>(
  ctx: AppContext,
  upload: VoiceUpload | null,
  write: (voice: StoredVoice | null) => Promise<T>,
): Promise<T> {
  if (!upload) return write(null);
  const stored = await storeRecording(
    ctx,
    await disguiseRecording(ctx, upload.recording, upload.token),
  );
  try {
    return await write(stored);
  } catch (error) {
    await removeVoiceFiles(ctx, [stored.key], 'a message that failed');
    throw error;
  }
}

function requireTextOrVoice(message: string, voice: VoiceUpload | null) {
  if (!message && !voice) throw new FieldValidationError({ message: [REQUIRED_MESSAGE] });
}

export const MESSAGE_PURPOSE = sealedColumns.reportMessage.purpose;

/** `user` is null for a reporter without an account (a guest at /track). */
type Viewer = { user: AuthUser | null; isOwner: boolean; isAdmin: boolean };

/**
 * How a reporter sees every administrator, with an account or without: a reporter's page names no
 * member of the organisation (docs/protection.md, "Who reads it, and their names").
 */
export const GUEST_VIEW_ADMIN_NAME = ADMINISTRATOR_NAME;

/** What naming a thread's senders needs of its report. */
type NamingColumns = Pick<ReportRecord, 'isAnonymous' | 'ownerAccountDeleted' | 'ownerUsername'>;

function senderName(report: NamingColumns, viewer: Viewer, message: repo.MessageRecord): string {
  if (message.senderKind === 'admin') {
    // Administrators in the report's scope know each other; the reporter is told the role only.
    if (!viewer.isAdmin) return GUEST_VIEW_ADMIN_NAME;
    return message.senderUsername ?? GUEST_VIEW_ADMIN_NAME;
  }
  // The reporter of an anonymous report is "the reporter" to everyone (docs/design.md "Anonymity design").
  if (report.isAnonymous) return ANONYMOUS_REPORTER_NAME;
  if (report.ownerAccountDeleted) return DELETED_ACCOUNT_NAME;
  return report.ownerUsername ?? 'Reporter';
}

/** `text`: the message's words when the caller sealed them just now, so they are not opened. */
function toPayload(
  ctx: AppContext,
  report: NamingColumns,
  viewer: Viewer,
  message: repo.MessageRecord,
  text?: string,
): ReportMessage {
  const isSenderAdmin = message.senderKind === 'admin';
  return {
    id: message.id,
    message: text ?? ctx.sealer.openText(message.body, MESSAGE_PURPOSE),
    sent_at: message.sentAt.toISOString(),
    is_internal: message.isInternal,
    is_sender_admin: isSenderAdmin,
    is_current_user_sender: isSenderAdmin
      ? viewer.user !== null && message.senderUserId === viewer.user.id
      : viewer.isOwner,
    display_sender_name: senderName(report, viewer, message),
    is_feedback: message.isFeedback,
    voice: toVoicePayload(ctx, message.voice),
  };
}

/** The thread in order. Internal notes reach the report's admins only, never its reporter. */
export async function listMessages(
  ctx: AppContext,
  user: AuthUser,
  reportId: number,
): Promise<ReportMessage[]> {
  // Kept while nothing in it changes: a new message moves the database's change count, so an
  // admin given a kept thread has already had its last message recorded as read (below).
  return ctx.reads.through(
    ctx.db,
    { read: 'thread', caller: user, params: reportId, versions: [versionKeys.report(reportId)] },
    async () => {
      // The report and its thread in one statement, read before knowing whether the caller may
      // see it: nothing of it leaves unless they may.
      const thread = await repo.findThread(ctx.db, reportId);
      if (!thread) throw new NotFoundError();
      const { report, messages } = thread;
      const { isOwner, isAdmin, inScope } = await accessTo(ctx, user, report, 'owner-or-admin');
      const viewer = { user, isOwner, isAdmin };
      const lastId = messages.reduce((max, message) => Math.max(max, message.id), 0);
      // The admin's list marks what came from the reporter since this (docs/api.md "Triage"). Nobody's
      // reading is recorded but an administrator's: a reporter's would tie them to the report.
      // An administrator reading a report in their list is recorded alike, whoever filed it, so
      // their list's unread counts fall as any colleague's do (docs/api.md "Conflict of interest").
      if (inScope && lastId > 0) {
        await repo.markThreadRead(ctx.db, { userId: user.id, reportId, lastMessageId: lastId });
      }
      return messages
        .filter((message) => isAdmin || !message.isInternal)
        .map((message) => toPayload(ctx, report, viewer, message));
    },
  );
}

/** An administrator's message or note: prepared once per handle (the busiest writes but one). */
const insertMessage = repo.messageInsert('insert_message', {});

/** A reporter's message, read with what telling the report's administrators needs. */
const insertReporterMessage = repo.messageInsert(
  'insert_reporter_message',
  noticeScopeColumns(
    sql`${sql.placeholder('organizationId')}::int`,
    sql`${sql.placeholder('reportId')}::int`,
  ),
);

const noticeParams = (report: { id: number; organizationId: number | null }) => ({
  organizationId: report.organizationId,
  reportId: report.id,
});

/** What a report's administrators are told when its reporter writes. */
const REPORTER_WROTE = 'The reporter sent a new message.';

/**
 * Tells the report's administrators that the reporter wrote. Last, in the notices' statement:
 * the report's row is held from here to the commit, and replies to it queue on it.
 */
function tellAdminsOfReply(
  ctx: AppContext,
  tx: Parameters<typeof notifyReportAdmins>[1],
  report: Parameters<typeof notifyReportAdmins>[2],
  outbox: Parameters<typeof notifyReportAdmins>[4],
  also: unknown,
  reportId: number,
) {
  return notifyReportAdmins(ctx, tx, report, REPORTER_WROTE, outbox, 'reporter_reply', {
    scope: noticeScopeOf(also as NoticeColumns),
    alongside: { touchReport: reportId },
  });
}

/**
 * A reporter's message without a recording, the notices to the report's administrators, the
 * report's touch and their email alerts, in one statement (comments.repository.ts
 * `writeReporterMessage`): one round trip, all or nothing, no `begin` or `commit`. Who is told
 * and what the notices are sealed with come from the report's view (`replyViewOf`), kept or
 * read afresh, and their addresses with a mailer; the statement writes only while the view is
 * still the report's, and a notice only to one still an active administrator. A view that
 * changed is read again and the message written again. The live signals are sent once it
 * committed, as `transactionWithNotices` sends a transaction's.
 */
async function writeReporterMessageAlone(
  ctx: AppContext,
  reportId: number,
  first: ReplyView,
  message: { senderUserId: number | null; body: Buffer },
  /** Throws the refusal of the message a view refuses (a view read afresh is checked again). */
  refuse: (view: ReplyView) => void,
): Promise<{ record: repo.MessageRecord; view: ReplyView }> {
  let view = first;
  for (let attempt = 1; ; attempt += 1) {
    const { report, scope, digest } = view;
    const admins = adminsToTell(ctx, report, scope);
    const notices = adminNoticeRows(
      ctx,
      admins.map((userId) => ({
        userId,
        aboutAnonymousReport: report.isAnonymous,
        message: REPORTER_WROTE,
        reportId,
        reportTitle: report.title,
        reportReference: report.reference,
      })),
    );
    const alerts = await alertRowsParam(
      ctx,
      ctx.db,
      admins.map((userId) => ({
        userId,
        kind: 'reporter_reply',
        reference: report.reference,
        title: report.title,
      })),
    );
    try {
      const { row, told } = await repo.writeReporterMessage(
        ctx.db,
        { reportId, ...message },
        { rows: notices.rows, alerts, viewDigest: digest },
      );
      await sendSignalsOf(ctx, notices.signalsOf(told));
      return { record: repo.recordOfNewMessage(row, false) as repo.MessageRecord, view };
    } catch (error) {
      if (!isStaleReplyView(error)) throw error;
      // Nothing was written: the reporter may send it again, their words still in the form.
      if (attempt >= STALE_VIEW_ATTEMPTS) throw new ConflictError(REPORT_KEPT_CHANGING);
      // The report, or who is told, changed since the view was read: the message waits for
      // what the report is now, and is refused if that refuses it.
      const fresh = await replyViewOf(ctx, reportId, true);
      if (!fresh) throw new NotFoundError();
      refuse(fresh);
      view = fresh;
    }
  }
}

/** How many times a message is written before a view that keeps changing answers 409. */
const STALE_VIEW_ATTEMPTS = 5;

export const REPORT_KEPT_CHANGING =
  'This report changed while your message was being sent, so it was not sent. Please send it again.';

const CANCELLED_REFUSAL = 'This report has been cancelled, so no new messages can be sent.';

function refuseIfCancelled(report: Pick<ReportRecord, 'status'>) {
  if (report.status === 'cancelled') throw new BadRequestError(CANCELLED_REFUSAL);
}

/**
 * A message from a caller who administers nothing, which is theirs to send only as the report's
 * reporter: decided on its report's view (`replyViewOf`) and written with it in one statement.
 * A kept view may let the message through, which the statement checks; a refusal (no such
 * report, not theirs, cancelled) is only decided on a view read afresh.
 */
async function replyAsReporter(
  ctx: AppContext,
  user: AuthUser,
  reportId: number,
  text: string,
): Promise<ReportMessage> {
  const refusalOf = (read: ReplyView): Error | null => {
    if (!isReportOwner(ctx, user, read.report)) return new NotFoundError();
    return read.report.status === 'cancelled' ? new BadRequestError(CANCELLED_REFUSAL) : null;
  };
  const refuse = (read: ReplyView) => {
    const refusal = refusalOf(read);
    if (refusal) throw refusal;
  };
  const kept = await keptOrReadReplyView(ctx, reportId);
  let view = kept.view;
  // Refused on one read, as a view not kept is: a refused caller's answer takes as long whether
  // or not the reporter wrote or opened the report lately, so it tells nothing of that.
  if ((!view || refusalOf(view)) && !kept.read) view = await replyViewOf(ctx, reportId, true);
  if (!view) throw new NotFoundError();
  refuse(view);
  const written = await writeReporterMessageAlone(
    ctx,
    reportId,
    view,
    {
      senderUserId: view.report.isAnonymous ? null : user.id,
      body: ctx.sealer.seal(text, MESSAGE_PURPOSE),
    },
    refuse,
  );
  // Named as the view it was written on names its reporter.
  const viewer = { user, isOwner: true, isAdmin: false };
  return toPayload(ctx, written.view.report, viewer, written.record, text);
}

export async function postMessage(
  ctx: AppContext,
  user: AuthUser,
  reportId: number,
  input: Required<CreateMessageInput>,
  voice: VoiceUpload | null = null,
): Promise<ReportMessage> {
  requireTextOrVoice(input.message, voice);
  // A caller who administers nothing may only write as the report's reporter: one statement.
  if (user.role !== 'admin' && voice === null && !input.is_internal && !input.is_feedback) {
    return replyAsReporter(ctx, user, reportId, input.message);
  }
  const { report, isOwner, isAdmin, inScope } = await loadAccessibleReport(
    ctx,
    user,
    reportId,
    'owner-or-admin',
  );
  // A note on a report in their list that is not theirs to handle: the neutral refusal.
  if (input.is_internal && inScope && !isAdmin) throw new ForbiddenError(OWN_REPORT_REFUSAL);
  if (input.is_internal && !isAdmin) {
    throw new FieldValidationError({
      is_internal: ['Only administrators can write internal notes.'],
    });
  }
  refuseIfCancelled(report);
  // An admin writing on their own report speaks as its reporter, unless writing a note.
  const senderKind = isOwner && !input.is_internal ? 'reporter' : 'admin';
  if (input.is_feedback && (senderKind !== 'admin' || input.is_internal)) {
    throw new FieldValidationError({
      is_feedback: [
        input.is_internal
          ? 'An internal note cannot be feedback: feedback is a reply to the reporter.'
          : 'Only an administrator’s reply to the reporter can be marked as feedback.',
      ],
    });
  }
  // A recording's row follows the message's, in the message's transaction.
  if (senderKind === 'reporter' && voice === null) {
    // An administrator writing on a report they filed: as any reporter.
    return replyAsReporter(ctx, user, reportId, input.message);
  }
  const inserted = await withStoredVoice(ctx, voice, (stored) =>
    transactionWithNotices(ctx, async (tx, outbox) => {
      const message = {
        reportId,
        senderKind,
        senderUserId: senderKind === 'reporter' && report.isAnonymous ? null : user.id,
        isInternal: input.is_internal,
        isFeedback: input.is_feedback,
        body: ctx.sealer.seal(input.message, MESSAGE_PURPOSE),
      } as const;
      // The reporter's message is told to the report's administrators: read with it.
      const { row, also } =
        senderKind === 'reporter'
          ? await insertReporterMessage(tx, message, noticeParams(report))
          : await insertMessage(tx, message);
      const id = row.id;
      if (stored) await recordVoice(tx, stored, { reportId, messageId: id });
      if (senderKind === 'admin') {
        await touchReport(tx, reportId);
        if (!input.is_internal) {
          // A reply to the reporter acknowledges the report; one marked as feedback gives feedback.
          await recordClockEvents(tx, user, reportId, {
            acknowledges: true,
            givesFeedback: input.is_feedback,
            cause: 'reply',
            messageId: id,
          });
        }
        const reporter = input.is_internal ? null : reporterTarget(report, user.id);
        if (reporter !== null) {
          await createNotifications(
            ctx,
            tx,
            [
              {
                ...reporter,
                message: 'An administrator replied to your report.',
                reportId,
                reportTitle: report.title,
                reportReference: report.reference,
              },
            ],
            outbox,
          );
        }
        // Last, as every audit row (docs/design.md "Tamper-evident audit").
        await insertAuditEntry(tx, {
          actorUserId: user.id,
          actorRole: user.isSuperuser ? 'superuser' : 'admin',
          action: input.is_internal ? 'report.internal_note_added' : 'report.admin_reply_sent',
          objectType: 'report',
          objectId: reportId,
          details: { message_id: id },
        });
      } else {
        await tellAdminsOfReply(ctx, tx, report, outbox, also, reportId);
      }
      return row;
    }),
  );
  const created =
    repo.recordOfNewMessage(inserted, voice !== null) ??
    ((await repo.findMessage(ctx.db, inserted.id)) as repo.MessageRecord);
  return toPayload(ctx, report, { user, isOwner, isAdmin }, created);
}

const guestViewer: Viewer = { user: null, isOwner: true, isAdmin: false };

/** The thread as a guest reporter sees it at /track: no internal notes, no administrator named. */
export async function listMessagesForGuest(
  ctx: AppContext,
  report: ReportRecord,
): Promise<ReportMessage[]> {
  const messages = await repo.findMessages(ctx.db, report.id);
  return messages
    .filter((message) => !message.isInternal)
    .map((message) => toPayload(ctx, report, guestViewer, message));
}

/** A guest reporter's message: sent by "the reporter", no user at all; its admins are told. */
export async function postGuestMessage(
  ctx: AppContext,
  report: ReportRecord,
  message: string,
  voice: VoiceUpload | null = null,
): Promise<ReportMessage> {
  requireTextOrVoice(message, voice);
  refuseIfCancelled(report);
  if (voice === null) {
    // The report was read by its receipt; its view for the message is kept or read afresh.
    const refuse = (view: ReplyView) => refuseIfCancelled(view.report);
    const view = await replyViewOf(ctx, report.id);
    if (!view) throw new NotFoundError();
    const { record } = await writeReporterMessageAlone(
      ctx,
      report.id,
      view,
      { senderUserId: null, body: ctx.sealer.seal(message, MESSAGE_PURPOSE) },
      refuse,
    );
    return toPayload(ctx, report, guestViewer, record, message);
  }
  const inserted = await withStoredVoice(ctx, voice, (stored) =>
    transactionWithNotices(ctx, async (tx, outbox) => {
      const { row, also } = await insertReporterMessage(
        tx,
        {
          reportId: report.id,
          senderKind: 'reporter',
          senderUserId: null,
          isInternal: false,
          body: ctx.sealer.seal(message, MESSAGE_PURPOSE),
        },
        noticeParams(report),
      );
      const id = row.id;
      if (stored) await recordVoice(tx, stored, { reportId: report.id, messageId: id });
      await tellAdminsOfReply(ctx, tx, report, outbox, also, report.id);
      return row;
    }),
  );
  const created =
    repo.recordOfNewMessage(inserted, voice !== null) ??
    ((await repo.findMessage(ctx.db, inserted.id)) as repo.MessageRecord);
  return toPayload(ctx, report, guestViewer, created);
}
