import type { UpdateReportStatusInput } from '@candor/contract/admin';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@candor/contract/page-sizes';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { useT } from '@/lib/i18n';
import { useLocation, useSearchParams } from '@/lib/router';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminReports } from '../api/get-admin-reports';
import { useAnalytics } from '../api/get-analytics';
import { useTags } from '../api/tags';
import { AdminReportCard } from '../components/admin-report-card';
import { AnalyticsPanel } from '../components/analytics-panel';
import { BulkActions } from '../components/bulk-actions';
import { ExportReportsButton } from '../components/export-reports-button';
import { OverdueBanner } from '../components/overdue-banner';
import { type Filters, ReportFilters } from '../components/report-filters';
import {
  type DashboardQuery,
  dashboardSearch,
  readDashboardQuery,
  serverFiltersOf,
} from '../dashboard-query';
import { useStatusChange } from '../use-status-change';

const SEARCH_PAUSE_MS = 300;

// The decision form (and the contract's zod schema) is fetched after the page
// has drawn, not with it (bench/README.md, "Web: first load").
const loadDecisionDialog = () => import('../components/decision-dialog');
const DecisionDialog = lazy(async () => ({ default: (await loadDecisionDialog()).DecisionDialog }));

/**
 * /admin-dashboard (as in the original product): the reports first, with their search, filters, sort and page
 * kept in the address (Back and reload return to the same list), and the analytics beside them.
 */
export function AdminDashboardPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const query = readDashboardQuery(params);
  // What is typed goes to the address (and the server) once typing pauses: a search opens every
  // sealed description in scope on the server, so one request per pause, not one per key.
  const [typed, setTyped] = useState(query.q);
  const q = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const analytics = useAnalytics();
  const tags = useTags();
  // The reports ticked for a bulk action: on this page only, cleared when the page changes.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const reports = useAdminReports({
    ...serverFiltersOf(query),
    limit: DEFAULT_ADMIN_PAGE_SIZE,
    offset: (query.page - 1) * DEFAULT_ADMIN_PAGE_SIZE,
  });
  // A page of reports takes a phone a while to draw: it is drawn in the background, in short
  // slices, so a tap or a key typed in the search box is answered meanwhile. What is on screen
  // stays until the new page is ready.
  const shown = useDeferredValue(reports.data);
  const change = useStatusChange();
  // Mounted from the first decision on, and kept, so the dialog can close itself.
  const hasDecided = useRef(false);
  if (change.deciding) hasDecided.current = true;
  useEffect(() => {
    void loadDecisionDialog();
  }, []);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [isPaging, setIsPaging] = useState(false);

  // The address this page last wrote, until that navigation is on screen: the router's setter
  // starts from the last rendered address, so two changes before a render (a filter, then the
  // paused search) would otherwise keep only the second.
  const written = useRef<{ at: string; params: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (latest: DashboardQuery) => DashboardQuery, options: { replace?: boolean } = {}) => {
      const base =
        written.current?.at === location.key ? written.current.params : new URLSearchParams(params);
      const latest = readDashboardQuery(base);
      const next = change(latest);
      if (next === latest) return;
      const search = dashboardSearch(next);
      written.current = { at: location.key, params: search };
      setParams(search, { replace: options.replace });
    },
    [location.key, params, setParams],
  );

  // The address changed under the box (Back, a link): the box follows it.
  const addressQ = query.q;
  useEffect(() => setTyped(addressQ), [addressQ]);
  // Typing paused: the search goes to the address, from the first page, replacing the entry
  // (Back leaves the search rather than stepping through what was typed).
  useEffect(() => {
    update((latest) => (latest.q === q ? latest : { ...latest, q, page: 1 }), { replace: true });
  }, [q, update]);

  // After paging, the new page's heading takes focus once its reports are on screen.
  useEffect(() => {
    if (isPaging && shown && shown === reports.data && !reports.isPlaceholderData) {
      headingRef.current?.focus();
      setIsPaging(false);
    }
  }, [isPaging, shown, reports.data, reports.isPlaceholderData]);

  const categories = Object.entries(analytics.data?.reports_by_category ?? {})
    .filter(([, count]) => count > 0)
    .map(([category]) => category);
  const total = shown?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_ADMIN_PAGE_SIZE));
  const listAddress = `${location.pathname}${location.search}`;
  const filters: Filters = { ...query, q: typed };

  const pageIds = (shown?.results ?? []).map((report) => report.id).join(',');
  // A new page, filter or search: what was ticked is no longer on screen.
  useEffect(() => {
    if (pageIds !== undefined) setSelected(new Set());
  }, [pageIds]);
  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toPage = (page: number) => {
    setIsPaging(true);
    update((latest) => ({ ...latest, page }));
  };

  return (
    <Page title={t('admin.dashboard.title')} width="wide">
      <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="reports-heading" className="min-w-0 space-y-4">
          <h2
            id="reports-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-brand-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {pages > 1
              ? t('admin.dashboard.headingPage', { page: query.page, pages })
              : t('admin.dashboard.heading')}
          </h2>
          <ReportFilters
            filters={filters}
            categories={categories}
            tags={tags.data ?? []}
            onChange={({ q: text, ...change }) => {
              if (text !== undefined) {
                setTyped(text);
                return;
              }
              update((latest) => ({ ...latest, ...change, page: 1 }));
            }}
          />
          <ExportReportsButton query={serverFiltersOf(query)} />
          <OverdueBanner count={analytics.data?.deadlines.overdue_now ?? 0} />
          {change.error && !change.deciding && <Alert tone="error">{change.error}</Alert>}
          {!shown && !reports.isError && <LoadingState label={t('admin.dashboard.loading')} />}
          {reports.isError && <Alert tone="error">{t('admin.dashboard.loadFailed')}</Alert>}
          {shown && shown.results.length === 0 && (
            <p className="py-6 text-center text-muted">{t('admin.dashboard.none')}</p>
          )}
          {shown && shown.results.length > 0 && (
            <>
              <p className="text-sm text-muted" aria-live="polite">
                {pages > 1
                  ? t('admin.dashboard.countPage', { count: total, page: query.page, pages })
                  : t('admin.dashboard.count', { count: total })}
              </p>
              <BulkActions
                reports={shown.results}
                selected={selected}
                tags={tags.data ?? []}
                onSelectAll={(all) =>
                  setSelected(new Set(all ? shown.results.map((report) => report.id) : []))
                }
                onDone={() => setSelected(new Set())}
              />
              <ul className="space-y-4">
                {shown.results.map((report) => (
                  <AdminReportCard
                    key={report.id}
                    report={report}
                    listAddress={listAddress}
                    isSelected={selected.has(report.id)}
                    onSelect={(on) => select(report.id, on)}
                    isUpdating={change.isUpdating(report.id)}
                    onStatus={(status: UpdateReportStatusInput['status']) =>
                      change.start(report, status)
                    }
                  />
                ))}
              </ul>
              {pages > 1 && (
                <nav
                  aria-label={t('admin.dashboard.pages')}
                  className="flex items-center justify-between gap-3"
                >
                  <Button
                    variant="secondary"
                    disabled={query.page <= 1}
                    onClick={() => toPage(query.page - 1)}
                  >
                    {t('admin.dashboard.previous')}
                  </Button>
                  <span className="text-sm text-muted">
                    {t('admin.dashboard.page', { page: query.page, pages })}
                  </span>
                  <Button
                    variant="secondary"
                    disabled={query.page >= pages}
                    onClick={() => toPage(query.page + 1)}
                  >
                    {t('admin.dashboard.next')}
                  </Button>
                </nav>
              )}
            </>
          )}
        </section>
        <AnalyticsPanel analytics={analytics} />
      </div>
      {hasDecided.current && (
        <Suspense fallback={null}>
          <DecisionDialog
            status={change.deciding?.status ?? null}
            reportTitle={change.deciding?.report.title ?? ''}
            isBusy={change.isPending}
            error={change.deciding ? change.error : null}
            onDecide={change.decide}
            onCancel={change.cancel}
          />
        </Suspense>
      )}
    </Page>
  );
}
