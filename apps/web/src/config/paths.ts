/** Every route of the app in one place (as in the original product). */
export const paths = {
  home: '/',
  about: '/about',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgot-password',
  becomeAdmin: '/become-admin',
  submitReport: '/submit-report',
  profile: '/profile',
  editProfile: '/EditProfile',
  editProfileAlias: '/edit-profile',
  /** Staff: setting up (or turning off) the second factor (docs/operating.md "Second factor"). */
  twoFactor: '/two-factor',
  /** Staff: email alerts, OpenPGP key, the links of confirmation and reset mails. */
  emailAlerts: '/email-alerts',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  myReports: '/my-reports',
  /** An organisation's administrators: its members, and removing one. */
  organizationMembers: '/organization-members',
  superuserDashboard: '/superuser-dashboard',
  contact: '/contact-us',
  adminDashboard: '/admin-dashboard',
  report: (id: number | string) => `/reports/${id}`,
  reportPattern: '/reports/:reportId',
  dashboard: '/dashboard',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  security: '/security',
  /** Reporting without an account: an organisation's link, the platform's, and following up. */
  intake: (slug: string) => `/o/${slug}/report`,
  intakePattern: '/o/:slug/report',
  reportWithoutAccount: '/report',
  track: '/track',
  /** Checking a certificate of resolution: the address printed on it (`?reference=&code=`). */
  verifyCertificate: '/verify',
} as const;

/**
 * The pages of a reporter without an account (`/report`, `/o/{slug}/report`, `/track`): the header
 * offers no second submit there, and a way to leave quickly.
 */
export function isReporterPage(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  return (
    path === paths.reportWithoutAccount || path === paths.track || /^\/o\/[^/]+\/report$/.test(path)
  );
}

/** Landing page sections reached by the top navigation. */
export const sections = {
  about: 'about',
  howItWorks: 'how-it-works',
  faq: 'faq',
} as const;
