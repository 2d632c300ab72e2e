import type { Analytics } from '@candor/contract/admin';
import { DUE_SOON_DAYS } from '@candor/contract/deadline-clock';
import { Link } from '@/lib/router';
import { dashboardLink } from '../dashboard-query';

type Card = {
  label: string;
  value: (a: Analytics) => number | string;
  detail?: (a: Analytics) => string;
  /** The list these reports are, when the card leads to it. */
  to?: string;
};

/** "75%" of `due`, or a dash when nothing fell due. */
function share(met: number, due: number): string {
  return due === 0 ? '–' : `${Math.round((met / due) * 100)}%`;
}

/**
 * As in the original product: the seven cards, and the legal clock's: what is urgent first (each
 * a link to its filter, the list in its default order), then the last year's record.
 */
const cards: Card[] = [
  {
    label: 'Overdue now',
    value: (a) => a.deadlines.overdue_now,
    detail: () => 'A legal deadline has passed',
    to: dashboardLink({ overdue: 'true' }),
  },
  {
    label: `Due in ${DUE_SOON_DAYS} days`,
    value: (a) => a.deadlines.due_soon,
    detail: () => `A legal deadline falls within ${DUE_SOON_DAYS} days`,
    to: dashboardLink({ due_soon: 'true' }),
  },
  { label: 'Total Reports', value: (a) => a.total_reports },
  { label: 'Pending Review', value: (a) => a.reports_by_status.pending ?? 0 },
  { label: 'Under Review', value: (a) => a.reports_by_status.under_review ?? 0 },
  { label: 'Resolved', value: (a) => a.reports_by_status.resolved ?? 0 },
  { label: 'Rejected', value: (a) => a.reports_by_status.rejected ?? 0 },
  { label: 'Priority Reports', value: (a) => a.priority_reports_count },
  { label: 'Anonymous Reports', value: (a) => a.anonymous_vs_identified_reports.true },
  {
    label: 'Acknowledged in time',
    value: (a) => share(a.deadlines.acknowledged_on_time, a.deadlines.acknowledgements_due),
    detail: (a) =>
      `${a.deadlines.acknowledged_on_time} of ${a.deadlines.acknowledgements_due}, last 12 months`,
  },
  {
    label: 'Feedback in time',
    value: (a) => share(a.deadlines.feedback_on_time, a.deadlines.feedback_due),
    detail: (a) => `${a.deadlines.feedback_on_time} of ${a.deadlines.feedback_due}, last 12 months`,
  },
];

export function AnalyticsCards({
  analytics,
  state,
}: {
  analytics?: Analytics;
  state: 'loading' | 'error' | 'ready';
}) {
  return (
    <ul aria-label="Analytics" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-2">
      {cards.map((card) => {
        const content = (
          <>
            <p className="text-sm font-medium text-muted">{card.label}</p>
            <p className="mt-1 text-xl font-bold text-brand-900">
              {state === 'ready' && analytics ? (
                card.value(analytics)
              ) : (
                <span className="text-sm font-normal text-muted">
                  {state === 'loading' ? 'Analyzing data...' : 'Analytics data unavailable'}
                </span>
              )}
            </p>
            {card.detail && state === 'ready' && analytics && (
              <p className="text-xs text-muted">{card.detail(analytics)}</p>
            )}
          </>
        );
        return (
          <li key={card.label} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
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
