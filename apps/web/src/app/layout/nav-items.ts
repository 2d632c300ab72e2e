import { paths } from '@/config/paths';
import type { TokenClaims } from '@/lib/auth/tokens';

/** Spec section 2: the dashboard link of a logged-in user. */
export function dashboardLink(user: TokenClaims, isSuperuser: boolean) {
  if (isSuperuser) return { to: paths.superuserDashboard, label: 'Superuser Dashboard' };
  if (user.role === 'admin') return { to: paths.adminDashboard, label: 'Admin Dashboard' };
  return { to: paths.myReports, label: 'My Reports' };
}
