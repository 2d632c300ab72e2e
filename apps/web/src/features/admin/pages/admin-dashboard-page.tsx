import { DEFAULT_ADMIN_PAGE_SIZE, type UpdateReportStatusInput } from '@candor/contract/admin';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/loading-state';
import { Page } from '@/components/ui/page';
import { serverDetail } from '@/lib/error-messages';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminReports } from '../api/get-admin-reports';
import { useAnalytics } from '../api/get-analytics';
import { useUpdateReportStatus } from '../api/update-report-status';
import { AdminReportCard } from '../components/admin-report-card';
import { AnalyticsCards } from '../components/analytics-cards';
import { CategoryChart } from '../components/category-chart';
import { type Filters, ReportFilters } from '../components/report-filters';

const SEARCH_PAUSE_MS = 300;
const initialFilters: Filters = { q: '', category: 'all', status: 'all', order: 'newest' };

/** /admin-dashboard (spec section 2): analytics, the reports and the status workflow. */
export function AdminDashboardPage() {
  const [filters, setFilters] = useState(initialFilters);
  const [pageIndex, setPageIndex] = useState(0);
  const [updateError, setUpdateError] = useState<string | null>(null);
  // A search opens every sealed description in scope on the server: one request per pause in
  // typing, not one per key.
  const q = useDebouncedValue(filters.q.trim(), SEARCH_PAUSE_MS);
  const analytics = useAnalytics();
  const reports = useAdminReports({
    q: q || undefined,
    category: filters.category,
    status: filters.status,
    order: filters.order,
    limit: DEFAULT_ADMIN_PAGE_SIZE,
    offset: pageIndex * DEFAULT_ADMIN_PAGE_SIZE,
  });
  const update = useUpdateReportStatus();
  const categories = Object.entries(analytics.data?.reports_by_category ?? {})
    .filter(([, count]) => count > 0)
    .map(([category]) => category);
  const total = reports.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_ADMIN_PAGE_SIZE));

  const changeStatus = (id: number, status: UpdateReportStatusInput['status']) => {
    setUpdateError(null);
    update.mutate(
      { id, status },
      {
        onError: (error) =>
          setUpdateError(
            `Failed to update report status. Error: ${serverDetail(error) ?? (error as Error).message}`,
          ),
      },
    );
  };

  return (
    <Page title="Admin Command Center" width="wide">
      <div className="space-y-8">
        <AnalyticsCards
          analytics={analytics.data}
          state={analytics.isPending ? 'loading' : analytics.isError ? 'error' : 'ready'}
        />
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-brand-900">Reports by category</h2>
          {analytics.isPending && <LoadingState label="Analyzing data..." />}
          {analytics.isError && <p className="text-muted">Analytics data unavailable</p>}
          {analytics.data && <CategoryChart analytics={analytics.data} />}
        </Card>
        <section aria-labelledby="reports-heading" className="space-y-4">
          <h2 id="reports-heading" className="text-xl font-semibold text-brand-900">
            Reports
          </h2>
          <ReportFilters
            filters={filters}
            categories={categories}
            onChange={(next) => {
              setFilters(next);
              setPageIndex(0);
            }}
          />
          {updateError && <Alert tone="error">{updateError}</Alert>}
          {reports.isPending && <LoadingState label="Loading reports..." />}
          {reports.isError && (
            <Alert tone="error">
              Could not load reports. Please ensure you are logged in as an admin.
            </Alert>
          )}
          {reports.data && reports.data.results.length === 0 && (
            <p className="py-6 text-center text-muted">No reports found matching your criteria</p>
          )}
          {reports.data && reports.data.results.length > 0 && (
            <>
              <p className="text-sm text-muted" aria-live="polite">
                {total} report{total === 1 ? '' : 's'}
              </p>
              <ul className="space-y-4">
                {reports.data.results.map((report) => (
                  <AdminReportCard
                    key={report.id}
                    report={report}
                    isUpdating={update.isPending && update.variables?.id === report.id}
                    onStatus={(status) => changeStatus(report.id, status)}
                  />
                ))}
              </ul>
              {pages > 1 && (
                <nav
                  aria-label="Pages of reports"
                  className="flex items-center justify-between gap-3"
                >
                  <Button
                    variant="secondary"
                    disabled={pageIndex === 0}
                    onClick={() => setPageIndex(pageIndex - 1)}
                  >
                    Previous
                  </Button>
                  <span className="text-sm text-muted">
                    Page {pageIndex + 1} of {pages}
                  </span>
                  <Button
                    variant="secondary"
                    disabled={pageIndex + 1 >= pages}
                    onClick={() => setPageIndex(pageIndex + 1)}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </section>
      </div>
    </Page>
  );
}
