import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { Link, useLocation } from '@/lib/router';
import { isFromListState } from '../dashboard-query';

/**
 * Back to the admin list as it was when the report was opened (its search, filters, sort and
 * page): the dashboard hands its address to the report it opens, and the browser keeps it with
 * this page's history entry, also across a reload.
 */
export function BackToReportsLink() {
  const t = useT();
  const { state } = useLocation();
  const to = isFromListState(state) ? state.fromList : paths.adminDashboard;
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {t('admin.back')}
    </Link>
  );
}
