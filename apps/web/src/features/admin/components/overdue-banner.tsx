import { CircleAlert } from 'lucide-react';
import { Link } from '@/lib/router';
import { dashboardLink } from '../dashboard-query';

/** The overdue reports first: their filter, the next deadline first. */
export const overdueListLink = dashboardLink({ overdue: 'true', order: 'deadline' });

/**
 * Above the list while any report in scope is overdue: how many, and a link to them, the next
 * deadline first. Nothing when none is.
 */
export function OverdueBanner({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      <p className="font-medium">
        {count === 1 ? '1 report is overdue' : `${count} reports are overdue`}: a legal deadline has
        passed.
      </p>
      <Link
        to={overdueListLink}
        className="font-semibold underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        Show the overdue reports, next deadline first
      </Link>
    </div>
  );
}
