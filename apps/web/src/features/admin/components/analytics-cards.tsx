import type { Analytics } from '@candor/contract/admin';

type Card = {
  label: string;
  value: (a: Analytics) => number | string;
  detail?: (a: Analytics) => string;
};

/** "75%" of `due`, or a dash when nothing fell due. */
function share(met: number, due: number): string {
  return due === 0 ? '–' : `${Math.round((met / due) * 100)}%`;
}

/** As in the original product: the seven cards, and the legal clock's two (deadlines.ts). */
const cards: Card[] = [
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
      {cards.map((card) => (
        <li key={card.label} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
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
        </li>
      ))}
    </ul>
  );
}
