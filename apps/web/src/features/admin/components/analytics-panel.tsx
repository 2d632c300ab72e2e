import { useT } from '@/lib/i18n';
import type { useAnalytics } from '../api/get-analytics';
import { AnalyticsCards } from './analytics-cards';
import { CategoryChart } from './category-chart';

/**
 * The figures beside the reports: on a wide screen a column to the right of the list, so the
 * first reports are in view without scrolling; on a narrower one, after the list.
 */
export function AnalyticsPanel({ analytics }: { analytics: ReturnType<typeof useAnalytics> }) {
  const t = useT();
  return (
    <aside aria-labelledby="analytics-heading" className="min-w-0 space-y-4">
      <h2 id="analytics-heading" className="text-xl font-semibold text-brand-900">
        {t('admin.analytics.heading')}
      </h2>
      <AnalyticsCards
        analytics={analytics.data}
        state={analytics.isPending ? 'loading' : analytics.isError ? 'error' : 'ready'}
      />
      <section
        aria-labelledby="category-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h3 id="category-heading" className="mb-2 text-base font-semibold text-brand-900">
          {t('admin.analytics.byCategory')}
        </h3>
        {analytics.isPending && (
          <p className="text-sm text-muted">{t('admin.analytics.loading')}</p>
        )}
        {analytics.isError && (
          <p className="text-sm text-muted">{t('admin.analytics.unavailable')}</p>
        )}
        {analytics.data && <CategoryChart analytics={analytics.data} />}
      </section>
    </aside>
  );
}
