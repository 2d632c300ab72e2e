import type { Analytics } from '@candor/contract/admin';
import { DUE_SOON_DAYS } from '@candor/contract/deadline-clock';
import { intlLocale, type Translate, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { dashboardLink } from '../dashboard-query';

type Card = {
  labelId: string;
  value: (a: Analytics) => number | string;
  detail?: (a: Analytics, t: Translate) => string;
  /** The list these reports are, when the card leads to it. */
  to?: string;
};

/** "75%" of `due`, or a dash when nothing fell due. */
function share(met: number, due: number): string {
  return due === 0
    ? '–'
    : new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(
        Math.round((met / due) * 100) / 100,
      );
}

/**
 * As in the original product: the seven cards, and the legal clock's: what is urgent first (each
 * a link to its filter, the list in its default order), then the last year's record.
 */
const cards: Card[] = [
  {
    labelId: 'admin.analytics.overdueNow',
    value: (a) => a.deadlines.overdue_now,
    detail: (_, t) => t('admin.analytics.overdueNowDetail'),
    to: dashboardLink({ overdue: 'true' }),
  },
  {
    labelId: 'admin.analytics.dueSoon',
    value: (a) => a.deadlines.due_soon,
    detail: (_, t) => t('admin.analytics.dueSoonDetail', { days: DUE_SOON_DAYS }),
    to: dashboardLink({ due_soon: 'true' }),
  },
  { labelId: 'admin.analytics.total', value: (a) => a.total_reports },
  { labelId: 'admin.analytics.pending', value: (a) => a.reports_by_status.pending ?? 0 },
  { labelId: 'admin.analytics.underReview', value: (a) => a.reports_by_status.under_review ?? 0 },
  { labelId: 'admin.analytics.resolved', value: (a) => a.reports_by_status.resolved ?? 0 },
  { labelId: 'admin.analytics.rejected', value: (a) => a.reports_by_status.rejected ?? 0 },
  { labelId: 'admin.analytics.priority', value: (a) => a.priority_reports_count },
  { labelId: 'admin.analytics.anonymous', value: (a) => a.anonymous_vs_identified_reports.true },
  {
    labelId: 'admin.analytics.acknowledgedInTime',
    value: (a) => share(a.deadlines.acknowledged_on_time, a.deadlines.acknowledgements_due),
    detail: (a, t) =>
      t('admin.analytics.lastYear', {
        met: a.deadlines.acknowledged_on_time,
        due: a.deadlines.acknowledgements_due,
      }),
  },
  {
    labelId: 'admin.analytics.feedbackInTime',
    value: (a) => share(a.deadlines.feedback_on_time, a.deadlines.feedback_due),
    detail: (a, t) =>
      t('admin.analytics.lastYear', {
        met: a.deadlines.feedback_on_time,
        due: a.deadlines.feedback_due,
      }),
  },
];

export function AnalyticsCards({
  analytics,
  state,
}: {
  analytics?: Analytics;
  state: 'loading' | 'error' | 'ready';
}) {
  const t = useT();
  return (
    <ul
      aria-label={t('admin.analytics.heading')}
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-2"
    >
      {cards.map((card) => {
        const content = (
          <>
            <p className="text-sm font-medium text-muted">
              {t(card.labelId, { days: DUE_SOON_DAYS })}
            </p>
            <p className="mt-1 text-xl font-bold text-brand-900">
              {state === 'ready' && analytics ? (
                card.value(analytics)
              ) : (
                <span className="text-sm font-normal text-muted">
                  {state === 'loading'
                    ? t('admin.analytics.loading')
                    : t('admin.analytics.unavailable')}
                </span>
              )}
            </p>
            {card.detail && state === 'ready' && analytics && (
              <p className="text-xs text-muted">{card.detail(analytics, t)}</p>
            )}
          </>
        );
        return (
          <li key={card.labelId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            {card.to ? (
              <Link
                to={card.to}
                className="block h-full rounded-2xl p-3 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {content}
              </Link>
            ) : (
              <div className="p-3">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
