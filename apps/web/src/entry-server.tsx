import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { renderedTitle } from '@/lib/document-title';

/**
 * A page drawn at build time: `path` is the address it answers, `module` the page's own chunk in
 * the build manifest (fetched beside the app's entry, so hydration does not wait for it). The page
 * starts from `entry`, a small script that loads the app when it is needed: src/after-paint.ts
 * unless given (the landing page has src/landing.ts).
 */
export type PrerenderedPage = { path: string; module: string; title?: string; entry?: string };

/**
 * The pages that look the same to every visitor: everything public with no per-request data.
 * An organisation's intake (`/o/:slug/report`) names the organisation, so it is drawn in the
 * browser; signed-in pages are too.
 */
export const prerenderedPages: PrerenderedPage[] = [
  {
    path: paths.home,
    module: 'src/features/landing/pages/landing-page.tsx',
    title: 'Candor: anonymous reporting made safe',
    entry: 'src/landing.ts',
  },
  { path: paths.about, module: 'src/features/landing/pages/about-page.tsx' },
  { path: paths.login, module: 'src/features/accounts/pages/login-page.tsx' },
  { path: paths.register, module: 'src/features/accounts/pages/register-page.tsx' },
  { path: paths.forgotPassword, module: 'src/features/accounts/pages/forgot-password-page.tsx' },
  { path: paths.becomeAdmin, module: 'src/features/access-requests/pages/become-admin-page.tsx' },
  { path: paths.contact, module: 'src/features/contact/pages/contact-page.tsx' },
  { path: paths.submitReport, module: 'src/features/reports/pages/submit-report-page.tsx' },
  { path: paths.reportWithoutAccount, module: 'src/app/routes/intake-routes.tsx' },
  { path: paths.track, module: 'src/app/routes/intake-routes.tsx' },
  { path: paths.privacy, module: 'src/features/info/pages/privacy-page.tsx' },
  { path: paths.terms, module: 'src/features/info/pages/terms-page.tsx' },
  { path: paths.cookies, module: 'src/features/info/pages/cookies-page.tsx' },
  { path: paths.security, module: 'src/features/info/pages/security-page.tsx' },
];

/** Drawn at an address no route matches; the server answers it with status 404. */
export const notFoundPage: PrerenderedPage = {
  path: '/404',
  module: 'src/features/info/pages/not-found-page.tsx',
};

export type RenderedPage = { html: string; title: string | null };

/**
 * Draws one page as a visitor sees it. A first pass waits for every lazily loaded page to arrive;
 * the second then draws it in one piece, as plain HTML: a streamed page would need inline scripts
 * to put its late parts in place, and the production CSP allows none.
 */
export async function renderPage(location: string): Promise<RenderedPage> {
  const app = (
    <StrictMode>
      <App location={location} />
    </StrictMode>
  );
  await prerender(app);
  renderedTitle.current = null;
  const html = renderToString(app);
  // `<!--$?-->` and `<!--$!-->` mark a part still loading or left for the browser to draw.
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`${location} was drawn before all of its parts had loaded`);
  }
  return { html, title: renderedTitle.current };
}

/** Every address pattern the app's router draws a page for (`:name` is one path segment). */
export function routePatterns(): string[] {
  return routes.map((route) => route.path).filter((path) => path !== '*');
}
