import { CircleAlert } from 'lucide-react';
import { useT } from '@/lib/i18n';
import { Link } from '@/lib/router';
import { dashboardLink } from '../dashboard-query';

/** The overdue reports first: their filter, the next deadline first. */
export const overdueListLink = dashboardLink({ overdue: 'true', order: 'deadline' });

/**
 * Above the list while any report in scope is overdue: how many, and a link to them, the next
 * deadline first. Nothing when none is.
 */
export function OverdueBanner({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border-s-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      <p className="font-medium">{t('admin.overdue.count', { count })}</p>
      <Link
        to={overdueListLink}
        className="font-semibold underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {t('admin.overdue.show')}
      </Link>
    </div>
  );
}
