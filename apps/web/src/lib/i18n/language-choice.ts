import { DEFAULT_LANGUAGE, isLanguage, type Language, languages } from '@candor/contract/languages';
import { type Locale, localeBase, splitLocale } from './index';
import { PSEUDO_LOCALE } from './locales';

/**
 * A visitor's language (docs/languages.md): the one they chose, remembered in this browser's
 * storage under this key and never sent anywhere; before any choice, the browser's own language
 * when Candor speaks it; English otherwise. The address says which language a page is in
 * (`/es/report`), so the server draws and keeps one page per language and learns nothing.
 */
export const LANGUAGE_STORAGE_KEY = 'candor.language';

/**
 * Runs inside a page drawn at build time, before its first paint (as `sessionMarkScript` does):
 * a page in a language other than the visitor's is replaced at once by the same page in theirs,
 * and following a language link (`a[data-language]`, the switcher's) remembers that choice, also
 * on a page that never loads the app (the landing page).
 */
function followChoice(storageKey: string, spoken: readonly string[], fallback: string) {
  // Sent as the text of that script: it uses nothing but what every browser page has.
  try {
    const path = location.pathname;
    const prefix = /^\/([a-z]{2})(?=\/|$)/.exec(path)?.[1];
    const here = prefix && prefix !== fallback && spoken.includes(prefix) ? prefix : fallback;
    const chosen = localStorage.getItem(storageKey);
    let wanted = chosen && spoken.includes(chosen) ? chosen : null;
    // An organisation's intake page may have a language of its own, which the app applies.
    const intake = /^\/(?:[a-z]{2}\/)?o\/[^/]+\/report\/?$/.test(path);
    if (!wanted && here === fallback && !prefix && !intake) {
      // No choice yet, and an address that names no language: the browser's, if spoken here.
      for (const tag of navigator.languages ?? [navigator.language]) {
        const primary = String(tag).toLowerCase().split('-')[0] ?? '';
        if (spoken.includes(primary)) {
          wanted = primary;
          break;
        }
      }
    }
    if (wanted && wanted !== here) {
      const rest = here === fallback ? path : path.slice(here.length + 1) || '/';
      const base = wanted === fallback ? '' : `/${wanted}`;
      location.replace(
        `${base}${rest === '/' && base ? '/' : rest}${location.search}${location.hash}`,
      );
      return;
    }
    document.addEventListener(
      'click',
      (event) => {
        const link =
          event.target instanceof Element ? event.target.closest('a[data-language]') : null;
        const language = link?.getAttribute('data-language');
        if (language) localStorage.setItem(storageKey, language);
      },
      true,
    );
  } catch {
    // Storage refused: the page stays in the language its address names.
  }
}

/** The text of the inline script that keeps a pre-rendered page in the visitor's language. */
export const languageChoiceScript = `(${followChoice.toString()})(${JSON.stringify(LANGUAGE_STORAGE_KEY)},${JSON.stringify(languages)},${JSON.stringify(DEFAULT_LANGUAGE)})`;

/** The language this browser's visitor chose, if any. */
export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the visitor's choice in this browser only. */
export function rememberLanguage(language: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
}

/** The first of the browser's languages that Candor speaks, if any. */
export function browserLanguage(): Language | null {
  const tags =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const primary = String(tag).toLowerCase().split('-')[0] ?? '';
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * The language a page the app draws from its empty shell is in, as the pre-rendered pages' script
 * decides it (above): the visitor's choice, else, at an address naming no language, the browser's.
 * The address is corrected in place to name it, before anything is drawn.
 */
export function settleLocale(): Locale {
  const { pathname, search, hash } = window.location;
  const { locale, path } = splitLocale(pathname);
  if (locale === PSEUDO_LOCALE) return locale;
  const chosen = storedLanguage();
  const named = pathname !== path;
  const wanted = isLanguage(chosen) ? chosen : named ? null : browserLanguage();
  if (!isLanguage(wanted) || wanted === locale) return locale;
  const address = `${localeBase(wanted)}${path === '/' && wanted !== DEFAULT_LANGUAGE ? '/' : path}`;
  window.history.replaceState(window.history.state, '', `${address}${search}${hash}`);
  return wanted;
}

/**
 * An organisation's intake page opens in the organisation's language (`preferred`) for a visitor
 * who has chosen none, at an address that names none; otherwise in the browser's, as every page.
 * Answers the language to change to, or null to stay.
 */
export function intakeLanguage(
  preferred: Language | null,
  current: Locale,
  addressNamesLanguage: boolean,
): Language | null {
  if (current === PSEUDO_LOCALE || addressNamesLanguage || isLanguage(storedLanguage()))
    return null;
  const wanted = preferred ?? browserLanguage();
  return wanted && wanted !== current ? wanted : null;
}
