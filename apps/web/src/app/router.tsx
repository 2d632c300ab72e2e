import { type ComponentType, lazy } from 'react';
import { paths } from '@/config/paths';
import { AdminDashboardFrame } from '@/features/admin/components/admin-dashboard-frame';
import { useAuth } from '@/lib/auth/auth-context';
import { Navigate, type RouteDefinition, Routes } from '@/lib/router';
import { dashboardLink } from './layout/nav-items';
import { RootLayout } from './layout/root-layout';
import { RouteGuard } from './route-guard';

/** Pages load on demand so the landing page stays small. */
function page<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = page(() => import('@/features/landing/pages/landing-page'), 'LandingPage');
const AboutPage = page(() => import('@/features/landing/pages/about-page'), 'AboutPage');
const RegisterPage = page(() => import('@/features/accounts/pages/register-page'), 'RegisterPage');
const LoginPage = page(() => import('@/features/accounts/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = page(
  () => import('./routes/forgot-password-route'),
  'ForgotPasswordRoute',
);
const EmailAlertsPage = page(
  () => import('@/features/mail/pages/email-alerts-page'),
  'EmailAlertsPage',
);
const VerifyEmailPage = page(
  () => import('@/features/mail/pages/verify-email-page'),
  'VerifyEmailPage',
);
const ResetPasswordPage = page(
  () => import('@/features/mail/pages/reset-password-page'),
  'ResetPasswordPage',
);
const ProfilePage = page(() => import('./routes/profile-route'), 'ProfileRoute');
const EditProfilePage = page(
  () => import('@/features/accounts/pages/edit-profile-page'),
  'EditProfilePage',
);
const TwoFactorPage = page(
  () => import('@/features/two-factor/pages/two-factor-page'),
  'TwoFactorPage',
);
const BecomeAdminPage = page(
  () => import('@/features/access-requests/pages/become-admin-page'),
  'BecomeAdminPage',
);
const SuperuserDashboardPage = page(
  () => import('./routes/superuser-dashboard-route'),
  'SuperuserDashboardRoute',
);
const SubmitReportPage = page(
  () => import('@/features/reports/pages/submit-report-page'),
  'SubmitReportPage',
);
const MyReportsPage = page(
  () => import('@/features/reports/pages/my-reports-page'),
  'MyReportsPage',
);
const OrganizationMembersPage = page(
  () => import('@/features/organizations/pages/organization-members-page'),
  'OrganizationMembersPage',
);
const ReportDetailPage = page(() => import('./routes/report-route'), 'ReportRoute');
const AdminDashboardPage = page(
  () => import('@/features/admin/pages/admin-dashboard-page'),
  'AdminDashboardPage',
);
const ContactPage = page(() => import('@/features/contact/pages/contact-page'), 'ContactPage');
const PrivacyPage = page(() => import('@/features/info/pages/privacy-page'), 'PrivacyPage');
const TermsPage = page(() => import('@/features/info/pages/terms-page'), 'TermsPage');
const CookiesPage = page(() => import('@/features/info/pages/cookies-page'), 'CookiesPage');
const SecurityPage = page(() => import('@/features/info/pages/security-page'), 'SecurityPage');
const OrganizationIntakePage = page(
  () => import('./routes/intake-routes'),
  'OrganizationIntakeRoute',
);
const PlatformIntakePage = page(() => import('./routes/intake-routes'), 'PlatformIntakeRoute');
const TrackPage = page(() => import('./routes/track-route'), 'TrackRoute');
const VerifyCertificatePage = page(
  () => import('@/features/certificates/pages/verify-page'),
  'VerifyPage',
);
const NotFoundPage = page(() => import('@/features/info/pages/not-found-page'), 'NotFoundPage');

/** `/dashboard`: the spec navigates here without registering it; send people to their own. */
function DashboardRedirect() {
  const { user, isSuperuser } = useAuth();
  if (!user) return <Navigate to={paths.login} replace state={{ from: paths.dashboard }} />;
  return <Navigate to={dashboardLink(user, isSuperuser).to} replace />;
}

const signedIn = (element: React.ReactNode) => <RouteGuard>{element}</RouteGuard>;

/** The pages inside the layout, the first match winning. */
export const routes: RouteDefinition[] = [
  { path: paths.home, element: <LandingPage /> },
  { path: paths.about, element: <AboutPage /> },
  { path: paths.register, element: <RegisterPage /> },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.becomeAdmin, element: <BecomeAdminPage /> },
  // Open to visitors, who may write first and sign in to send (as in the original product).
  { path: paths.submitReport, element: <SubmitReportPage /> },
  { path: paths.profile, element: signedIn(<ProfilePage />) },
  { path: paths.editProfile, element: signedIn(<EditProfilePage />) },
  { path: paths.editProfileAlias, element: signedIn(<EditProfilePage />) },
  { path: paths.twoFactor, element: signedIn(<TwoFactorPage />) },
  { path: paths.emailAlerts, element: signedIn(<EmailAlertsPage />) },
  { path: paths.verifyEmail, element: <VerifyEmailPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: paths.myReports, element: signedIn(<MyReportsPage />) },
  {
    path: paths.superuserDashboard,
    element: (
      <RouteGuard superuserOnly>
        <SuperuserDashboardPage />
      </RouteGuard>
    ),
  },
  { path: paths.contact, element: <ContactPage /> },
  {
    path: paths.organizationMembers,
    element: (
      <RouteGuard roles={['admin']}>
        <OrganizationMembersPage />
      </RouteGuard>
    ),
  },
  {
    path: paths.adminDashboard,
    element: (
      <RouteGuard roles={['admin']} frame={<AdminDashboardFrame />}>
        <AdminDashboardPage />
      </RouteGuard>
    ),
  },
  {
    path: paths.reportPattern,
    element: (
      <RouteGuard roles={['user', 'admin']}>
        <ReportDetailPage />
      </RouteGuard>
    ),
  },
  {
    path: '/reports',
    element: (
      <RouteGuard roles={['user', 'admin']}>
        <ReportDetailPage />
      </RouteGuard>
    ),
  },
  { path: paths.dashboard, element: <DashboardRedirect /> },
  // Reporting without an account (README): open to everyone, no token ever sent.
  { path: paths.intakePattern, element: <OrganizationIntakePage /> },
  { path: paths.reportWithoutAccount, element: <PlatformIntakePage /> },
  { path: paths.track, element: <TrackPage /> },
  { path: paths.verifyCertificate, element: <VerifyCertificatePage /> },
  { path: paths.privacy, element: <PrivacyPage /> },
  { path: paths.terms, element: <TermsPage /> },
  { path: paths.cookies, element: <CookiesPage /> },
  { path: paths.security, element: <SecurityPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function AppRoutes() {
  return (
    <RootLayout>
      <Routes routes={routes} />
    </RootLayout>
  );
}
