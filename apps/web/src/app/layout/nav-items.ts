import type { AccessClaims } from '@candor/contract/accounts';
import { paths } from '@/config/paths';

/** As in the original product: the dashboard link of a logged-in user. */
export function dashboardLink(user: Pick<AccessClaims, 'role'>, isSuperuser: boolean) {
  if (isSuperuser) return { to: paths.superuserDashboard, label: 'Superuser Dashboard' };
  if (user.role === 'admin') return { to: paths.adminDashboard, label: 'Admin Dashboard' };
  return { to: paths.myReports, label: 'My Reports' };
}
