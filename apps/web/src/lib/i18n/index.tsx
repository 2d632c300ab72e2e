/**
 * The app's words (docs/style.md "Languages"): every user-facing text comes from a catalogue
 * (`messages/<language>.json` beside the code of each area), in ICU MessageFormat, through
 * Lingui's runtime. Catalogues are compiled at build time (compile.ts) and each language is one
 * chunk, loaded before the page is drawn or taken over.
 */

import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  rightToLeft,
} from '@candor/contract/languages';
import { i18n, type Messages } from '@lingui/core';
import {
  cloneElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { PSEUDO_LOCALE } from './locales';

export type { Language };
export { i18n, isLanguage };

/** A language the app can be drawn in: one of Candor's, or the pseudo-locale of the tests. */
export type Locale = Language | typeof PSEUDO_LOCALE;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('./catalogues/en'),
  es: () => import('./catalogues/es'),
  fr: () => import('./catalogues/fr'),
  de: () => import('./catalogues/de'),
  pt: () => import('./catalogues/pt'),
  ar: () => import('./catalogues/ar'),
  [PSEUDO_LOCALE]: () => import('./catalogues/en-XA'),
};

export const isLocale = (value: unknown): value is Locale =>
  isLanguage(value) || value === PSEUDO_LOCALE;

/** Where a locale's pages live: English at the root, every other under its code (`/es/report`). */
export const localeBase = (locale: Locale): string =>
  locale === DEFAULT_LANGUAGE ? '' : `/${locale}`;

/** The locale an address is drawn in, and the address as the app's routes read it. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(\/.*)?$/.exec(pathname);
  const code = match?.[1];
  if (code && code !== DEFAULT_LANGUAGE && isLocale(code)) {
    return { locale: code, path: match?.[2] || '/' };
  }
  return { locale: DEFAULT_LANGUAGE, path: pathname };
}

export const direction = (locale: string): 'rtl' | 'ltr' =>
  rightToLeft.has(locale) ? 'rtl' : 'ltr';

/** The locale `Intl` is given: English dates read day, month in words, year ("3 March 2027"). */
export function intlLocale(locale: string = i18n.locale || DEFAULT_LANGUAGE): string {
  return locale === 'en' || locale === PSEUDO_LOCALE ? 'en-GB' : locale;
}

const loaded = new Set<Locale>();

/** Loads a locale's catalogue, once. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { default: messages } = await loaders[locale]();
  i18n.load(locale, messages);
  loaded.add(locale);
}

/** Loads a locale's catalogue (once) and makes it the one every text is drawn in. */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  i18n.activate(locale);
}

/**
 * Marks the page as written in `locale`: `<html lang dir>` and its description for search results
 * and shared links (the words themselves follow `i18n`).
 */
export function markDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = direction(locale);
  document
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', i18n._('app.meta.description'));
}

/** For a catalogue the caller has already (the tests' English): no chunk to wait for. */
export function activateLoadedLocale(locale: Locale, messages: Messages): void {
  i18n.load(locale, messages);
  loaded.add(locale);
  i18n.activate(locale);
}

function subscribe(onChange: () => void) {
  return i18n.on('change', onChange);
}

const currentLocale = () => i18n.locale;

/** The current locale; a component that reads it is drawn again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale) as Locale;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (id: string, values?: MessageValues) => string;

/** `t(id, values)`: a message in the current locale. */
export function useT(): Translate {
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function for each locale, so memoised parts draw again
  return useMemo<Translate>(() => (id, values) => i18n._(id, values), [locale]);
}

/** `t` outside a component (a text built in an event handler or a plain function). */
export const t: Translate = (id, values) => i18n._(id, values);

const TAG = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/gs;

/**
 * A message with parts drawn by the app: `Read <0>our policy</0>` with `components={[<Link to="/x" />]}`
 * draws the link around "our policy". A tag with no component keeps its text.
 */
export function T({
  id,
  values,
  components = [],
}: {
  id: string;
  values?: MessageValues;
  components?: readonly ReactElement<{ children?: ReactNode }>[];
}) {
  useLocale();
  return <>{richText(i18n._(id, values), components)}</>;
}

function richText(
  text: string,
  components: readonly ReactElement<{ children?: ReactNode }>[],
): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const index = Number(match[1] ?? match[3]);
    const inner = match[2];
    const component = components[index];
    const children = inner === undefined ? undefined : richText(inner, components);
    nodes.push(
      component ? (
        cloneElement(component, { key: nodes.length }, ...(children ?? []))
      ) : (
        <Fragment key={nodes.length}>{children}</Fragment>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
