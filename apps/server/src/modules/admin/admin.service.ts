import {
  type AdminReportPage,
  type AdminReportsQuery,
  type Analytics,
  adminStatusTargets,
  DEFAULT_ADMIN_PAGE_SIZE,
} from '@candor/contract/admin';
import { type ReportStatus, reportCategories, reportStatuses } from '@candor/contract/enums';
import { type Report, reportStatusLabels } from '@candor/contract/reports';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { listOrPage } from '../../lib/pagination';
import type { AuthUser } from '../accounts/caller';
import { insertAuditEntry } from '../audit/audit.repository';
import { createNotifications } from '../notifications/notifications.service';
import { administersReport, reportOwnerId } from '../reports/report-access';
import { DESCRIPTION_PURPOSE, toReportPayload } from '../reports/report-view';
import { findReportById, updateReportStatus } from '../reports/reports.repository';
import * as repo from './admin.repository';

/** Sealed descriptions opened per query when they are not in memory yet. */
const OPEN_BATCH = 5_000;

/**
 * Ids of the reports in scope whose title, category or description holds `q`. Descriptions are
 * sealed, so they are matched after opening; opened ones stay in memory for the next search.
 */
async function searchIds(ctx: AppContext, filter: repo.AdminReportFilter, q: string) {
  const needle = q.toLowerCase();
  const matched: number[] = [];
  const unopened: number[] = [];
  for (const row of await repo.findSearchableReports(ctx.db, filter)) {
    const text = ctx.searchTexts.get(row.id);
    if (row.title.toLowerCase().includes(needle) || row.category.includes(needle)) {
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

/**
 * The reports an admin administers (spec section 7). Without `limit` or `offset` it answers the
 * whole list as the spec's client expects; with them, one page and the total (DESIGN.md 8).
 */
export async function listReports(
  ctx: AppContext,
  admin: AuthUser,
  query: AdminReportsQuery,
): Promise<Report[] | AdminReportPage> {
  const filter: repo.AdminReportFilter = {
    organizationId: admin.organizationId,
    status: query.status === 'all' ? undefined : query.status,
    category: query.category === 'all' ? undefined : query.category,
  };
  if (query.q) filter.ids = await searchIds(ctx, filter, query.q);
  const order = query.order ?? 'newest';
  return listOrPage(
    query,
    {
      find: async (page) =>
        (await repo.findReportsPage(ctx.db, filter, { order, ...page })).map((record) =>
          toReportPayload(ctx, record),
        ),
      count: async () => filter.ids?.length ?? repo.countReports(ctx.db, filter),
    },
    DEFAULT_ADMIN_PAGE_SIZE,
  );
}

/** Counted by the database; every status and category key is present (zero when none). */
export async function getAnalytics(ctx: AppContext, admin: AuthUser): Promise<Analytics> {
  const groups = await repo.countReportsByGroup(ctx.db, admin.organizationId);
  const analytics: Analytics = {
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

/** The workflow of spec section 4, enforced here; audited and told to the reporter. */
export async function updateStatus(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  to: ReportStatus,
): Promise<Report> {
  const report = await findReportById(ctx.db, id);
  if (!report || !administersReport(admin, report)) throw new NotFoundError();
  const refused = refusal(report.status, to);
  if (refused) throw new BadRequestError(refused);
  const changed = await ctx.db.transaction(async (tx) => {
    const columns = await updateReportStatus(tx, id, report.status, to);
    if (!columns) {
      throw new BadRequestError(
        'The report changed while you were updating it. Reload and try again.',
      );
    }
    await insertAuditEntry(tx, {
      actorUserId: admin.id,
      actorRole: admin.isSuperuser ? 'superuser' : 'admin',
      action: 'report.status_changed',
      objectType: 'report',
      objectId: id,
      details: { from: report.status, to },
    });
    const ownerId = reportOwnerId(ctx, report);
    if (ownerId !== null && ownerId !== admin.id) {
      const label = reportStatusLabels[to];
      await createNotifications(ctx, tx, [
        {
          userId: ownerId,
          message: `Your report is now ${label}.`,
          reportId: id,
          reportTitle: report.title,
        },
      ]);
    }
    return columns;
  });
  return toReportPayload(ctx, { ...report, ...changed });
}
