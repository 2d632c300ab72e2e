import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../auth/caller';
import {
  createNotifications,
  type NotificationTarget,
  type SignalOutbox,
  type WriteAlongside,
} from '../notifications/notifications.service';
import type { AlertKind, MailContext } from '../outbox/outbox';
import { isReportOwner } from '../owners/owner-index';
import { findExclusionTags, handlerTagOf } from './exclusions';
import {
  findActiveAdmins,
  findNoticeScope,
  findReportById,
  findReportWithReplyView,
  type NoticeScope,
  type ReplyView,
  type ReportRecord,
  readReplyView,
} from './reports.repository';

/** What telling a report's administrators needs, read beside another statement's columns. */
export {
  isStaleReplyView,
  type NoticeColumns,
  type NoticeScope,
  noticeScopeColumns,
  noticeScopeOf,
  type ReplyView,
  replyViewGuardSql,
} from './reports.repository';

/**
 * The reports in an admin's scope: an organisation's admins have the reports routed to it;
 * platform admins (no organisation) the reports routed to no organisation. Each report has one
 * set of administrators, the one its reporter was told of (docs/api.md "Where a report goes"), until
 * an organisation is left without any: its reports then wait for the platform's administrators
 * (`unadministered`, docs/api.md "Staff and accounts over time").
 */
export function inAdminScope(
  user: AuthUser,
  report: Pick<ReportRecord, 'organizationId'>,
  unadministered = false,
): boolean {
  if (user.role !== 'admin') return false;
  if (user.organizationId === report.organizationId) return true;
  return unadministered && user.organizationId === null && report.organizationId !== null;
}

type OwnedReport = Pick<
  ReportRecord,
  'id' | 'organizationId' | 'ownerUserId' | 'ownerHash' | 'reference'
>;

/**
 * Whether an organisation's report is the platform administrators' to handle: the organisation
 * has no active administrator, or every one of them filed it (its sole administrator did). An
 * administrator never handles a report they filed (docs/api.md "Conflict of interest"), and a report
 * nobody in scope may handle goes to the platform, as any other (docs/design.md "Anonymity
 * design"): no card or list says why.
 */
export async function isPlatformsToHandle(
  ctx: Pick<AppContext, 'db' | 'hash'>,
  report: OwnedReport,
  db: Executor = ctx.db,
): Promise<boolean> {
  if (report.organizationId === null) return false;
  const admins = await findActiveAdmins(db, report.organizationId);
  const excluded = await findExclusionTags(db, report.id);
  return admins.every(
    (admin) => isReportOwner(ctx, admin, report) || excluded.has(handlerTagOf(ctx, admin.id)),
  );
}

/** Whether the reporter kept `userId` from the report: then it does not exist for them. */
export async function isExcludedFrom(
  ctx: Pick<AppContext, 'db' | 'hash'>,
  userId: number,
  reportId: number,
): Promise<boolean> {
  return (await findExclusionTags(ctx.db, reportId)).has(handlerTagOf(ctx, userId));
}

/** Whether a platform admin's view of an organisation's report needs to know it is theirs. */
async function isWaitingForPlatform(
  ctx: Pick<AppContext, 'db' | 'hash'>,
  user: AuthUser,
  report: OwnedReport,
): Promise<boolean> {
  if (user.role !== 'admin' || user.organizationId !== null || report.organizationId === null) {
    return false;
  }
  return isPlatformsToHandle(ctx, report);
}

/**
 * Whether `user` administers the report: in scope, and not its reporter. An administrator never
 * administers a report they filed, anonymous or not: they follow it as its reporter, and another
 * administrator in scope handles it (docs/api.md "Conflict of interest").
 */
export function administersReport(
  ctx: Pick<AppContext, 'hash'>,
  user: AuthUser,
  report: Pick<ReportRecord, 'organizationId' | 'ownerUserId' | 'ownerHash' | 'reference'>,
  unadministered = false,
): boolean {
  return inAdminScope(user, report, unadministered) && !isReportOwner(ctx, user, report);
}

/**
 * Why an administrator's action on a report in their list is refused when it is not theirs to
 * handle. It names no reason: colleagues who compare the refusals they get learn nothing of who
 * filed it (docs/api.md "Conflict of interest").
 */
export const OWN_REPORT_REFUSAL = 'Another administrator handles this report.';

/**
 * A report for an administrator's action (status, acknowledgement). Outside their scope it
 * answers 404; a report in their list they may not handle (they filed it) answers
 * 403 with the neutral `OWN_REPORT_REFUSAL`.
 */
export async function loadAdministeredReport(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
): Promise<ReportRecord> {
  const report = await findReportById(ctx.db, id);
  if (!report) throw new NotFoundError();
  if (!inAdminScope(admin, report, await isWaitingForPlatform(ctx, admin, report))) {
    throw new NotFoundError();
  }
  // Kept from it by its reporter: the report does not exist for them.
  if (await isExcludedFrom(ctx, admin.id, report.id)) throw new NotFoundError();
  if (isReportOwner(ctx, admin, report)) throw new ForbiddenError(OWN_REPORT_REFUSAL);
  return report;
}

/**
 * The administrators told of an event on a report, of those in its scope (`notifyReportAdmins`).
 */
export function adminsToTell(
  ctx: Pick<AppContext, 'hash'>,
  report: Pick<ReportRecord, 'organizationId' | 'ownerUserId' | 'ownerHash' | 'reference'>,
  scope: NoticeScope,
): number[] {
  const excluded = scope.excludedTags;
  // A tag is a keyed hash: none is computed for a report that keeps nobody out.
  const isKeptOut = (userId: number) =>
    excluded.size > 0 && excluded.has(handlerTagOf(ctx, userId));
  // An organisation left without an administrator: its reports wait for the platform's.
  const inScope =
    report.organizationId !== null && scope.own.length > 0 ? scope.own : scope.platform;
  const admins = new Set(inScope.map((admin) => admin.id));
  if (report.organizationId !== null) {
    const own = scope.own;
    const handles = (admin: { id: number; ownerSalt: string }) =>
      !isReportOwner(ctx, admin, report) && !isKeptOut(admin.id);
    if (own.length > 0 && !own.some(handles)) {
      for (const admin of scope.platform) admins.add(admin.id);
    }
  }
  // A handler the reporter kept out is never told (the filer is: see above).
  for (const id of admins) if (isKeptOut(id)) admins.delete(id);
  return [...admins];
}

/**
 * Tells every admin in a report's scope (its organisation's, or the platform's), in the caller's
 * transaction. Every one of them, the reporter included when they are an admin there: an inbox
 * that lacked the notice would name the author (docs/design.md "Anonymity design"). When every
 * administrator of its organisation filed it, the platform's administrators, who handle it, are
 * told as well.
 */
export async function notifyReportAdmins(
  ctx: MailContext,
  tx: Executor,
  report: {
    id: number;
    title: string;
    reference: string;
    organizationId: number | null;
    isAnonymous: boolean;
    ownerUserId: number | null;
    ownerHash: string | null;
  },
  message: string,
  outbox?: SignalOutbox,
  alert?: AlertKind,
  /**
   * `scope`: who is in scope, read already in this transaction (reports.repository.ts
   * `noticeScopeColumns`); `alongside`: a write of the transaction run in the notices' statement.
   */
  also: { scope?: NoticeScope; alongside?: WriteAlongside } = {},
): Promise<void> {
  // The administrators in scope and the report's exclusions, read in one statement.
  const scope = also.scope ?? (await findNoticeScope(tx, report.organizationId, report.id));
  await createNotifications(
    ctx,
    tx,
    adminsToTell(ctx, report, scope).map((userId) => ({
      userId,
      aboutAnonymousReport: report.isAnonymous,
      message,
      reportId: report.id,
      reportTitle: report.title,
      reportReference: report.reference,
      alert,
    })),
    outbox,
    also.alongside,
  );
}

/**
 * Whom a notice to a report's reporter goes to: the account of an identified report; for an
 * anonymous one filed with an account, the report itself (its reporter finds it through their
 * index, notifications.service.ts), so nothing written for the event names the person; nobody for
 * a report filed without an account (/track shows what changed). `except` is the one acting,
 * who is not told of their own action.
 */
export function reporterTarget(
  report: Pick<ReportRecord, 'id' | 'ownerUserId' | 'ownerHash' | 'isGuest'>,
  except: number,
): NotificationTarget | null {
  if (report.ownerUserId !== null) {
    return report.ownerUserId === except ? null : { userId: report.ownerUserId };
  }
  if (report.isGuest || report.ownerHash === null) return null;
  return { reporterOf: report.id };
}

/**
 * `inScope`: the report is in the caller's admin list (their own too, where it looks like any
 * other, docs/api.md "Conflict of interest"); `isAdmin`: they may handle it.
 */
export type ReportAccess = {
  report: ReportRecord;
  isOwner: boolean;
  isAdmin: boolean;
  inScope: boolean;
};

type AccessColumns = Pick<
  ReportRecord,
  'id' | 'organizationId' | 'ownerUserId' | 'ownerHash' | 'reference'
>;

/**
 * How the caller may see a report already read: as its owner, as one of its admins, or (null)
 * not at all, which answers 404 so nobody learns which ids exist.
 */
export async function accessTo(
  ctx: AppContext,
  user: AuthUser,
  report: AccessColumns,
  allowed: 'owner' | 'owner-or-admin',
): Promise<{ isOwner: boolean; isAdmin: boolean; inScope: boolean }> {
  const isOwner = isReportOwner(ctx, user, report);
  const inScope =
    inAdminScope(user, report, await isWaitingForPlatform(ctx, user, report)) &&
    !(user.role === 'admin' && (await isExcludedFrom(ctx, user.id, report.id)));
  const isAdmin = inScope && !isOwner;
  if (!isOwner && (allowed === 'owner' || !isAdmin)) throw new NotFoundError();
  return { isOwner, isAdmin, inScope };
}

/**
 * Loads a report the caller may see, as its owner or one of its admins. Anything else answers
 * 404, so nobody learns which ids exist.
 */
export async function loadAccessibleReport(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  allowed: 'owner' | 'owner-or-admin',
  options: { keepsReplyView?: boolean } = {},
): Promise<ReportAccess> {
  if (options.keepsReplyView && user.role !== 'admin') {
    // Only its reporter may open it, and may write to it next: what their message needs of it
    // is read in the same statement and kept (write-memory.ts), so the message needs no read.
    const read = await findReportWithReplyView(ctx.db, id);
    if (!read) throw new NotFoundError();
    const access = await accessTo(ctx, user, read.report, allowed);
    const { view } = read;
    if (view) await ctx.writes.replyView(id, async () => view, true);
    return { report: read.report, ...access };
  }
  const report = await findReportById(ctx.db, id);
  if (!report) throw new NotFoundError();
  return { report, ...(await accessTo(ctx, user, report, allowed)) };
}

/**
 * What a reporter's message depends on of its report, kept in the process
 * (write-memory.ts) or, `fresh`, read again and kept. Its message's statement writes only while
 * it is still so (reports.repository.ts `replyViewGuardSql`). Null for no report.
 */
export async function replyViewOf(
  ctx: Pick<AppContext, 'db' | 'writes'>,
  reportId: number,
  fresh = false,
): Promise<ReplyView | null> {
  return (await keptOrReadReplyView(ctx, reportId, fresh)).view;
}

/** `replyViewOf`, and whether the view was read from the database just now (`read`). */
export async function keptOrReadReplyView(
  ctx: Pick<AppContext, 'db' | 'writes'>,
  reportId: number,
  fresh = false,
): Promise<{ view: ReplyView | null; read: boolean }> {
  let read = false;
  const view = await ctx.writes.replyView(
    reportId,
    () => {
      read = true;
      return readReplyView(ctx.db, reportId);
    },
    fresh,
  );
  return { view, read };
}
