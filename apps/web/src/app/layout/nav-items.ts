import type { AccessClaims } from '@candor/contract/accounts';
import { paths } from '@/config/paths';

/** As in the original product: the dashboard link of a logged-in user, and its words' id. */
export function dashboardLink(user: Pick<AccessClaims, 'role'>, isSuperuser: boolean) {
  if (isSuperuser) return { to: paths.superuserDashboard, labelId: 'app.nav.superuserDashboard' };
  if (user.role === 'admin') return { to: paths.adminDashboard, labelId: 'app.nav.adminDashboard' };
  return { to: paths.myReports, labelId: 'app.nav.myReports' };
}
