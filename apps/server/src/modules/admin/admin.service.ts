import {
  type AcknowledgeReportInput,
  type AdminReport,
  type AdminReportPage,
  type AdminReportsQuery,
  type Analytics,
  adminStatusTargets,
  DEFAULT_ADMIN_PAGE_SIZE,
  type Handler,
} from '@candor/contract/admin';
import { DUE_SOON_DAYS } from '@candor/contract/deadline-clock';
import { type ReportStatus, reportCategories, reportStatuses } from '@candor/contract/enums';
import { requestedPage } from '@candor/contract/pagination';
import { type Report, reportStatusLabels } from '@candor/contract/reports';
import type { Tag } from '@candor/contract/tags';
import type { AppContext } from '../../context';
import { normalizeHumanCode } from '../../lib/codes';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { versionKeys } from '../../lib/read-cache';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { insertMessage, MESSAGE_PURPOSE } from '../comments/comments.service';
import { clockColumnsOf, recordClockEvents } from '../deadlines/deadlines.service';
import {
  createNotifications,
  transactionWithNotices,
} from '../notifications/notifications.service';
import { isReportOwner, ownAnonymousReportIds } from '../owners/owner-index';
import { handlerTagOf } from '../reports/exclusions';
import {
  isExcludedFrom,
  isPlatformsToHandle,
  loadAdministeredReport,
  reporterTarget,
} from '../reports/report-access';
import { DESCRIPTION_PURPOSE, toReportPayload } from '../reports/report-view';
import { type ReportRecord, updateReportStatus } from '../reports/reports.service';
import { findTag, NO_SUCH_TAG, tagsOfReports } from '../tags/tags.service';
import * as repo from './admin.repository';

/** Sealed descriptions opened per query when they are not in memory yet. */
const OPEN_BATCH = 5_000;

/** Fewer symbols than this match too many references by chance to be meant as one. */
const MIN_REFERENCE_PART = 4;

/**
 * What of `q` can be part of a reference number, as references are written without their
 * dashes (`CND7K3Q9XW2M4TD`): letters and digits only, look-alikes read as the code's symbols.
 */
export function referenceNeedle(q: string): string | null {
  const symbols = normalizeHumanCode(q).replace(/[^0-9A-Z]/g, '');
  return symbols.length >= MIN_REFERENCE_PART ? symbols : null;
}

/**
 * Ids of the reports in scope whose title, category or description holds `q`, or whose reference
 * number holds it with or without dashes. Descriptions are sealed, so they are matched after
 * opening; opened ones stay in memory for the next search.
 */
async function searchIds(ctx: AppContext, filter: repo.AdminReportFilter, q: string) {
  const needle = q.toLowerCase();
  const reference = referenceNeedle(q);
  const matched: number[] = [];
  const unopened: number[] = [];
  for (const row of await repo.findSearchableReports(ctx.db, filter)) {
    const text = ctx.searchTexts.get(row.id);
    if (
      row.title.toLowerCase().includes(needle) ||
      row.category.includes(needle) ||
      (reference !== null && row.reference.replaceAll('-', '').includes(reference))
    ) {
      matched.push(row.id);
    } else if (text === undefined) {
      unopened.push(row.id);
    } else if (text.includes(needle)) {
      matched.push(row.id);
    }
  }
  for (let start = 0; start < unopened.length; start += OPEN_BATCH) {
    const batch = unopened.slice(start, start + OPEN_BATCH);
    for (const row of await repo.findSealedDescriptions(ctx.db, batch)) {
      const text = ctx.sealer.openText(row.description, DESCRIPTION_PURPOSE).toLowerCase();
      ctx.searchTexts.set(row.id, text);
      if (text.includes(needle)) matched.push(row.id);
    }
  }
  return matched;
}

/** "Due soon": from now to `DUE_SOON_DAYS` days later. */
function dueSoonWindow(now: Date): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + DUE_SOON_DAYS * 24 * 60 * 60 * 1000) };
}

/** The list's filters as the repository takes them; the same for the list and the export. */
export async function filterOf(
  ctx: AppContext,
  admin: AuthUser,
  query: Omit<AdminReportsQuery, 'limit' | 'offset' | 'order'>,
): Promise<repo.AdminReportFilter> {
  const filter: repo.AdminReportFilter = {
    // Every report in scope, those the admin filed too, looking like any other: only the
    // actions on those are refused (docs/api.md "Conflict of interest").
    organizationId: admin.organizationId,
    platformIds: admin.organizationId === null ? await platformReportIds(ctx) : undefined,
    status: query.status === 'all' ? undefined : query.status,
    category: query.category === 'all' ? undefined : query.category,
    priority:
      query.priority === undefined || query.priority === 'all'
        ? undefined
        : query.priority === 'true',
    overdueAt: query.overdue === 'true' ? ctx.clock.now() : undefined,
    dueBetween: query.due_soon === 'true' ? dueSoonWindow(ctx.clock.now()) : undefined,
    assigneeId: query.assigned === 'me' ? admin.id : undefined,
    unassigned: query.assigned === 'none',
    // The reports whose reporter kept this handler out do not exist for them.
    excludedTag: handlerTagOf(ctx, admin.id),
  };
  if (query.tag !== undefined) {
    // Only a tag of the caller's scope filters: any other id is refused with the same words.
    if (!(await findTag(ctx.db, admin.organizationId, query.tag))) {
      throw new BadRequestError(NO_SUCH_TAG);
    }
    filter.tagId = query.tag;
  }
  if (query.q) filter.ids = await searchIds(ctx, filter, query.q);
  return filter;
}

/**
 * What an admin's list and analytics depend on: their scope's reports and accounts, and for the
 * platform's administrators also those of every organisation with fewer than two administrators
 * (none, or one whose own reports the platform handles: `platformReportIds`). Those reports are
 * found through their filer's owner queue and index. The queue's entry is written with the
 * report, moving its scope's version, and the queue job adds it to the index before it removes
 * the entry, so what the two say together only grows until a report or account is removed, and
 * that moves the scope's version too (lib/read-cache-coverage.test.ts).
 */
function scopeOf(admin: AuthUser) {
  return {
    caller: admin,
    versions: [versionKeys.scope(admin.organizationId)],
    platform: admin.organizationId === null,
  };
}

/**
 * The reports an admin administers (as in the original product). Without `limit` or `offset` it answers the
 * whole list as the spec's client expects; with them, one page and the total (docs/api.md "The API").
 */
export function listReports(
  ctx: AppContext,
  admin: AuthUser,
  query: AdminReportsQuery,
): Promise<AdminReport[] | AdminReportPage> {
  return ctx.reads.through(
    ctx.db,
    { read: 'admin-reports', ...scopeOf(admin), params: query },
    () => findReports(ctx, admin, query),
  );
}

type ListRecord = Awaited<ReturnType<typeof repo.findReportsPage>>['records'][number];

/** A report as the admin list shows it, with the scope's tags it carries. */
function adminPayloadOf(
  ctx: AppContext,
  record: ListRecord,
  tags: Map<number, Tag[]>,
): AdminReport {
  return {
    ...toReportPayload(ctx, record),
    unread_from_reporter: record.unreadFromReporter,
    assigned_to:
      record.assigneeId !== null && record.assigneeUsername !== null
        ? { id: record.assigneeId, username: record.assigneeUsername }
        : null,
    tags: tags.get(record.id) ?? [],
  };
}

async function findReports(
  ctx: AppContext,
  admin: AuthUser,
  query: AdminReportsQuery,
): Promise<AdminReport[] | AdminReportPage> {
  const filter = await filterOf(ctx, admin, query);
  const order = query.order ?? 'newest';
  const page = requestedPage(query, DEFAULT_ADMIN_PAGE_SIZE);
  const { records, total } = await repo.findReportsPage(ctx.db, filter, admin.id, {
    order,
    ...page,
  });
  const tags = await tagsOfReports(
    ctx,
    admin,
    records.map((record) => record.id),
  );
  const results = records.map((record) => adminPayloadOf(ctx, record, tags));
  if (!page) return results;
  return {
    count: total ?? filter.ids?.length ?? (await repo.countReports(ctx.db, filter)),
    results,
  };
}

/** Counted by the database; every status and category key is present (zero when none). */
export function getAnalytics(ctx: AppContext, admin: AuthUser): Promise<Analytics> {
  return ctx.reads.through(ctx.db, { read: 'analytics', ...scopeOf(admin) }, () =>
    countAnalytics(ctx, admin),
  );
}

async function countAnalytics(ctx: AppContext, admin: AuthUser): Promise<Analytics> {
  const now = ctx.clock.now();
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const { groups, deadlines } = await repo.countAnalytics(
    ctx.db,
    admin.organizationId,
    { since, now, soon: dueSoonWindow(now).to },
    admin.organizationId === null ? await platformReportIds(ctx) : [],
    handlerTagOf(ctx, admin.id),
  );
  const analytics: Analytics = {
    deadlines,
    total_reports: 0,
    reports_by_status: Object.fromEntries(
      reportStatuses.map((s) => [s, 0]),
    ) as Analytics['reports_by_status'],
    priority_reports_count: 0,
    anonymous_vs_identified_reports: { true: 0, false: 0 },
    reports_by_category: Object.fromEntries(
      reportCategories.map((c) => [c, 0]),
    ) as Analytics['reports_by_category'],
  };
  for (const group of groups) {
    const total = Number(group.total);
    analytics.total_reports += total;
    analytics.reports_by_status[group.status] += total;
    analytics.reports_by_category[group.category] += total;
    if (group.priority) analytics.priority_reports_count += total;
    analytics.anonymous_vs_identified_reports[group.anonymous ? 'true' : 'false'] += total;
  }
  return analytics;
}

const movableFrom: ReadonlySet<ReportStatus> = new Set(['pending', 'under_review']);

function refusal(from: ReportStatus, to: ReportStatus): string | null {
  if (!movableFrom.has(from)) {
    return `This report is ${from.replace('_', ' ')}; resolved, rejected and cancelled reports are final.`;
  }
  const allowed = adminStatusTargets.filter((target) => target !== from);
  if (!(allowed as readonly ReportStatus[]).includes(to)) {
    return `A ${from.replace('_', ' ')} report can only be moved to: ${allowed.join(', ')}.`;
  }
  return null;
}

/**
 * The workflow of the original product, enforced here; audited and told to the reporter. A message
 * given with the change is sent to the reporter as an ordinary reply, in the same transaction.
 */
export async function updateStatus(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  { status: to, message }: { status: ReportStatus; message?: string },
): Promise<Report> {
  const report = await loadAdministeredReport(ctx, admin, id);
  const refused = refusal(report.status, to);
  if (refused) throw new BadRequestError(refused);
  const changed = await transactionWithNotices(ctx, async (tx, outbox) => {
    const columns = await updateReportStatus(tx, id, report.status, to);
    if (!columns) {
      throw new BadRequestError(
        'The report changed while you were updating it. Reload and try again.',
      );
    }
    const actorRole = admin.isSuperuser ? 'superuser' : 'admin';
    await insertAuditEntry(tx, {
      actorUserId: admin.id,
      actorRole,
      action: 'report.status_changed',
      objectType: 'report',
      objectId: id,
      details: { from: report.status, to },
    });
    const isFinal = to === 'resolved' || to === 'rejected';
    let messageId: number | undefined;
    if (message !== undefined) {
      // With a final status the message is the feedback, and is marked so in the thread.
      messageId = await insertMessage(tx, {
        reportId: id,
        senderKind: 'admin',
        senderUserId: admin.id,
        isInternal: false,
        isFeedback: isFinal,
        body: ctx.sealer.seal(message, MESSAGE_PURPOSE),
      });
      await insertAuditEntry(tx, {
        actorUserId: admin.id,
        actorRole,
        action: 'report.admin_reply_sent',
        objectType: 'report',
        objectId: id,
        details: { message_id: messageId },
      });
    }
    // A status change acknowledges; a final one (resolved, rejected) gives feedback.
    const events = await recordClockEvents(tx, admin, id, {
      acknowledges: true,
      givesFeedback: isFinal,
      cause: 'status',
      messageId,
    });
    const reporter = reporterTarget(report, admin.id);
    if (reporter !== null) {
      const label = reportStatusLabels[to];
      await createNotifications(
        ctx,
        tx,
        [
          {
            ...reporter,
            message:
              message === undefined
                ? `Your report is now ${label}.`
                : `Your report is now ${label}. An administrator wrote to you.`,
            reportId: id,
            reportTitle: report.title,
            reportReference: report.reference,
          },
        ],
        outbox,
      );
    }
    return { ...columns, ...clockColumnsOf(events) };
  });
  return toReportPayload(ctx, { ...report, ...changed });
}

/**
 * "Acknowledge receipt": the explicit acknowledgement, with an optional message to the reporter
 * (a reply, in the thread). Refused once the report is acknowledged, or when it was cancelled.
 */
export async function acknowledgeReport(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  input: AcknowledgeReportInput,
): Promise<Report> {
  const report = await loadAdministeredReport(ctx, admin, id);
  const already = 'This report has already been acknowledged.';
  if (report.status === 'cancelled') {
    throw new BadRequestError('This report was cancelled, so it needs no acknowledgement.');
  }
  if (report.acknowledgedAt) throw new BadRequestError(already);
  const message = input.message?.trim() || undefined;
  const changed = await ctx.db.transaction(async (tx) => {
    const messageId = message
      ? await insertMessage(tx, {
          reportId: id,
          senderKind: 'admin',
          senderUserId: admin.id,
          isInternal: false,
          body: ctx.sealer.seal(message, MESSAGE_PURPOSE),
        })
      : undefined;
    const events = await recordClockEvents(tx, admin, id, {
      acknowledges: true,
      givesFeedback: false,
      cause: 'action',
      messageId,
    });
    // Acknowledged a moment ago by someone else: this one records nothing.
    if (!events.acknowledged) throw new BadRequestError(already);
    if (messageId !== undefined) {
      await insertAuditEntry(tx, {
        actorUserId: admin.id,
        actorRole: admin.isSuperuser ? 'superuser' : 'admin',
        action: 'report.admin_reply_sent',
        objectType: 'report',
        objectId: id,
        details: { message_id: messageId },
      });
    }
    const reporter = reporterTarget(report, admin.id);
    if (reporter !== null) {
      await createNotifications(ctx, tx, [
        {
          ...reporter,
          message: message
            ? 'Your report was acknowledged, with a message from an administrator.'
            : 'Your report was acknowledged.',
          reportId: id,
          reportTitle: report.title,
        },
      ]);
    }
    return events.acknowledged;
  });
  return toReportPayload(ctx, { ...report, ...changed });
}

/**
 * The organisations' reports the platform's administrators handle because every administrator
 * of their organisation filed them: its only administrator did (report-access.ts
 * `isPlatformsToHandle`). Found with the secret (an anonymous report's tag), never stored, so
 * no row says that an organisation's administrator filed a report.
 */
export async function platformReportIds(ctx: AppContext): Promise<number[]> {
  const ids: number[] = [];
  for (const admin of await repo.findSoleOrganizationAdmins(ctx.db)) {
    ids.push(
      ...(await repo.findReportIdsFiledBy(ctx.db, admin.organizationId, {
        userId: admin.id,
        anonymousIds: await ownAnonymousReportIds(ctx, ctx.db, admin.id),
      })),
    );
  }
  return ids;
}

/** One report of the admin's list, as the list shows it (404 when it is not in it). */
export async function getAdminReport(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
): Promise<AdminReport> {
  const filter = await filterOf(ctx, admin, {});
  filter.ids = [id];
  const { records } = await repo.findReportsPage(ctx.db, filter, admin.id, { order: 'newest' });
  const [record] = records;
  if (!record) throw new NotFoundError();
  return adminPayloadOf(ctx, record, await tagsOfReports(ctx, admin, [record.id]));
}

/**
 * The handlers of the admin's scope: every active administrator there, whoever filed or is kept
 * from any one report. A list that left someone out for one report would say why.
 */
export function listHandlers(ctx: AppContext, admin: AuthUser): Promise<Handler[]> {
  return repo.findHandlers(ctx.db, admin.organizationId);
}

/** The one refusal for any handler who may not be assigned a report, whatever the reason. */
export const CANNOT_ASSIGN = 'This handler cannot be assigned this report.';
export const TAKEN = 'Someone else took this case a moment ago. Reload to see who.';

/**
 * Whether `userId` may handle the report: an active administrator whose scope holds it, who did
 * not file it (docs/api.md "Conflict of interest").
 */
async function mayHandle(ctx: AppContext, userId: number, report: ReportRecord) {
  const target = await repo.findAssignable(ctx.db, userId);
  if (target?.role !== 'admin' || !target.isActive) return false;
  const inScope =
    target.organizationId === report.organizationId ||
    (target.organizationId === null && (await isPlatformsToHandle(ctx, report)));
  return (
    inScope &&
    !isReportOwner(ctx, target, report) &&
    !(await isExcludedFrom(ctx, userId, report.id))
  );
}

/**
 * Assigns a report to a handler in scope (`to`), or to nobody (null); `take` assigns it to the
 * caller only while it is unassigned. The change is a conditional update on the assignee the
 * caller saw: of two at once, one wins and the other is told. Audited; the new assignee, when it
 * is someone else, is told live.
 */
export async function assignReport(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  to: number | null,
  options: { take?: boolean } = {},
): Promise<AdminReport> {
  const report = await loadAdministeredReport(ctx, admin, id);
  if (to !== null && !(await mayHandle(ctx, to, report))) throw new BadRequestError(CANNOT_ASSIGN);
  if (options.take && report.assigneeId !== null && report.assigneeId !== admin.id) {
    throw new ConflictError(TAKEN);
  }
  if (report.assigneeId === to) return getAdminReport(ctx, admin, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.setAssignee(tx, id, report.assigneeId, to))) {
      throw new ConflictError(
        options.take ? TAKEN : 'The case was reassigned a moment ago. Reload and try again.',
      );
    }
    await insertAuditEntry(tx, {
      actorUserId: admin.id,
      actorRole: admin.isSuperuser ? 'superuser' : 'admin',
      action: 'report.assigned',
      objectType: 'report',
      objectId: id,
      details: { from: report.assigneeId, to },
    });
    if (to !== null && to !== admin.id) {
      await createNotifications(ctx, tx, [
        {
          userId: to,
          aboutAnonymousReport: report.isAnonymous,
          message: 'A report was assigned to you.',
          reportId: id,
          reportTitle: report.title,
          reportReference: report.reference,
        },
      ]);
    }
  });
  return getAdminReport(ctx, admin, id);
}

/** Sets how the caller is shown to reporters choosing who reads their report. */
export async function setHandlerLabel(
  ctx: AppContext,
  admin: AuthUser,
  label: string | null,
): Promise<{ handler_label: string | null }> {
  await repo.updateHandlerLabel(ctx.db, admin.id, label);
  return { handler_label: label };
}
