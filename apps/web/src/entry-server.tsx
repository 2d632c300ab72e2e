import { languages } from '@candor/contract/languages';
import { type PrerenderedList, prerenderedListSchema } from '@candor/contract/web-build';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import { pageModules } from '@/build/page-modules';
import { paths } from '@/config/paths';

import { sessionMarkScript } from '@/lib/auth/session-hint';
import { renderedTitle } from '@/lib/document-title';
import { activateLocale, direction, i18n, type Locale, localeBase, splitLocale } from '@/lib/i18n';
import { languageChoiceScript } from '@/lib/i18n/language-choice';
import { PSEUDO_LOCALE } from '@/lib/i18n/locales';
import { leaveListenerScript } from '@/lib/leave-quickly';

export { languages, localeBase };

/** Every language's part of an address, the tests' pseudo-locale's included (never pre-rendered). */
export const localePrefixes: string[] = [
  ...languages.filter((code) => code !== 'en'),
  PSEUDO_LOCALE,
];

/**
 * The one inline script every pre-rendered page carries, before its first paint: the stored
 * session's mark (lib/auth/session-hint.ts), the visitor's language (lib/i18n/language-choice.ts)
 * and the listener that leaves quickly (lib/leave-quickly.ts).
 */
export const pageScript = `${sessionMarkScript};${languageChoiceScript};${leaveListenerScript}`;

/** The text of `prerendered/pages.json`, checked against the shape the server reads. */
export function prerenderedListText(list: PrerenderedList): string {
  return `${JSON.stringify(prerenderedListSchema.parse(list), null, 2)}\n`;
}

/**
 * A page drawn at build time: `path` is the address it answers, `module` the page's own chunk in
 * the build manifest (fetched beside the app's entry, so hydration does not wait for it). The page
 * starts from `entry`, a small script that loads the app when it is needed: src/after-paint.ts
 * unless given (the landing page has src/landing.ts).
 */
export type PrerenderedPage = { path: string; module: string; titleId?: string; entry?: string };

/**
 * The pages that look the same to every visitor: everything public with no per-request data.
 * An organisation's intake (`/o/:slug/report`) names the organisation: its frame is drawn here
 * (the form, and the organisation's name still to come) and answered at every address the pattern
 * matches; the app fills in the name. A signed-in page is drawn in the browser too, but for the admin dashboard: its frame
 * (heading and the panels' places, no data) is drawn here, shown from the HTML only to a browser
 * whose stored session is an admin's (lib/auth/session-hint.ts), and the app fills it in.
 */
export const prerenderedPages: PrerenderedPage[] = [
  {
    path: paths.home,
    module: pageModules.landing,
    titleId: 'landing.documentTitle',
    entry: 'src/landing.ts',
  },
  { path: paths.about, module: pageModules.about },
  { path: paths.login, module: pageModules.login },
  { path: paths.register, module: pageModules.register },
  { path: paths.forgotPassword, module: pageModules.forgotPassword },
  { path: paths.becomeAdmin, module: pageModules.becomeAdmin },
  { path: paths.contact, module: pageModules.contact },
  { path: paths.submitReport, module: pageModules.submitReport },
  { path: paths.adminDashboard, module: pageModules.adminDashboard },
  { path: paths.reportWithoutAccount, module: pageModules.intake },
  { path: paths.intakePattern, module: pageModules.intake },
  { path: paths.track, module: pageModules.track },
  { path: paths.verifyCertificate, module: pageModules.verifyCertificate },
  { path: paths.privacy, module: pageModules.privacy },
  { path: paths.terms, module: pageModules.terms },
  { path: paths.cookies, module: pageModules.cookies },
  { path: paths.security, module: pageModules.security },
];

/** Drawn at an address no route matches; the server answers it with status 404. */
export const notFoundPage: PrerenderedPage = { path: '/404', module: pageModules.notFound };

export type RenderedPage = {
  html: string;
  title: string | null;
  /** The page's description for search results and shared links, in its language. */
  description: string;
  /** The page's language, as `<html lang dir>` names it. */
  lang: Locale;
  dir: 'ltr' | 'rtl';
};

/**
 * Draws one page as a visitor sees it. A first pass waits for every lazily loaded page to arrive;
 * the second then draws it in one piece, as plain HTML: a streamed page would need inline scripts
 * to put its late parts in place, and the production CSP allows none.
 */
export async function renderPage(location: string, titleId?: string): Promise<RenderedPage> {
  const { locale } = splitLocale(location);
  await activateLocale(locale);
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
  const title = titleId ? i18n._(titleId) : renderedTitle.current;
  return {
    html,
    title,
    description: i18n._('app.meta.description'),
    lang: locale,
    dir: direction(locale),
  };
}

/** Every address pattern the app's router draws a page for (`:name` is one path segment). */
export function routePatterns(): string[] {
  return routes.map((route) => route.path).filter((path) => path !== '*');
}
