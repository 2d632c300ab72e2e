import type { Report } from '@candor/contract/reports';
import { Link } from 'react-router';
import { StatusBadge, Tag } from '@/components/ui/status-badge';
import { formatDateTime, humanize } from '@/lib/format';

/** One row of My Reports (spec section 2). */
export function ReportListItem({ report, to }: { report: Report; to: string }) {
  const submittedBy = report.is_anonymous ? 'Anonymous' : (report.submitted_by_username ?? 'N/A');
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-lg font-semibold text-brand-900">
          <Link to={to} className="underline-offset-2 hover:underline">
            {report.title}
          </Link>
        </h2>
        <StatusBadge status={report.status} />
      </div>
      <p className="mt-1 text-sm text-muted">
        Submitted <time dateTime={report.submitted_at}>{formatDateTime(report.submitted_at)}</time>
      </p>
      <p className="mt-3 line-clamp-2 break-words text-ink">{report.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
        <span>Category: {humanize(report.category)}</span>
        <span>Submitted By: {submittedBy}</span>
        {report.priority_flag && <Tag tone="accent">Priority</Tag>}
      </div>
    </li>
  );
}
