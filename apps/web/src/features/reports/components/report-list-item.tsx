import type { Report } from '@candor/contract/reports';
import { categoryWord } from '@/components/report/report-words';
import { ReportDeadlines } from '@/components/report-deadlines';
import { StatusBadge, Tag } from '@/components/ui/status-badge';
import { reporterName } from '@/features/reports/reporter-name';
import { formatDateTime } from '@/lib/format';
import { T, useT } from '@/lib/i18n';
import { Link } from '@/lib/router';

/**
 * One row of My Reports (as in the original product). The title is the link, and it covers the whole card, so
 * a tap anywhere on it opens the report while a screen reader hears only the title.
 */
export function ReportListItem({ report, to }: { report: Report; to: string }) {
  const t = useT();
  const submittedBy = reporterName(report);
  return (
    <li className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300 hover:shadow-md">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="min-w-0 wrap-anywhere text-lg font-semibold text-brand-900">
          <Link
            to={to}
            className="underline-offset-2 outline-none after:absolute after:inset-0 after:rounded-2xl hover:underline"
          >
            <bdi>{report.title}</bdi>
          </Link>
        </h2>
        <StatusBadge status={report.status} />
      </div>
      <p className="mt-1 text-sm text-muted">
        <T
          id="reports.item.submitted"
          values={{ date: formatDateTime(report.submitted_at) }}
          components={[<time key="0" dateTime={report.submitted_at} />]}
        />
      </p>
      <p dir="auto" className="mt-3 line-clamp-2 wrap-anywhere text-ink">
        {report.description}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <span>{t('reports.item.category', { category: categoryWord(report.category) })}</span>
        <span>{t('reports.item.submittedBy', { name: submittedBy })}</span>
        {report.priority_flag && <Tag tone="accent">{t('reports.item.priority')}</Tag>}
      </div>
      <div className="mt-3">
        <ReportDeadlines report={report} variant="compact" />
      </div>
    </li>
  );
}
