/**
 * The module that draws each page (see app/router.tsx), as the build manifest names it: the one
 * list read by the build's pre-rendering (entry-server.tsx) and by the page-weight budgets
 * (build/page-weight.ts).
 */
export const pageModules = {
  landing: 'src/features/landing/pages/landing-page.tsx',
  about: 'src/features/landing/pages/about-page.tsx',
  login: 'src/features/accounts/pages/login-page.tsx',
  register: 'src/features/accounts/pages/register-page.tsx',
  forgotPassword: 'src/app/routes/forgot-password-route.tsx',
  becomeAdmin: 'src/features/access-requests/pages/become-admin-page.tsx',
  contact: 'src/features/contact/pages/contact-page.tsx',
  submitReport: 'src/features/reports/pages/submit-report-page.tsx',
  adminDashboard: 'src/features/admin/pages/admin-dashboard-page.tsx',
  intake: 'src/app/routes/intake-routes.tsx',
  track: 'src/app/routes/track-route.tsx',
  verifyCertificate: 'src/features/certificates/pages/verify-page.tsx',
  privacy: 'src/features/info/pages/privacy-page.tsx',
  terms: 'src/features/info/pages/terms-page.tsx',
  cookies: 'src/features/info/pages/cookies-page.tsx',
  security: 'src/features/info/pages/security-page.tsx',
  notFound: 'src/features/info/pages/not-found-page.tsx',
} as const;
