// Plain values, apart from the schemas: the web app's first paint and the server's language
// choice read these without loading zod.

/**
 * The languages Candor speaks (docs/style.md "Languages"), English first: the spec's texts are
 * English, and every other catalogue translates them. Adding one: docs/languages.md.
 */
export const languages = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the switcher offers it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  ar: 'العربية',
};

/** Languages written right to left: the page's `dir` and its mirrored layout. */
export const rightToLeft: ReadonlySet<string> = new Set<Language>(['ar']);

/** The answer to a language that is not one of `languages` (a 400 field error). */
export const LANGUAGE_CHOICE_MESSAGE = 'Choose one of: en, es, fr, de, pt, ar.';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The cookie that remembers a visitor's choice on the device. It holds only the language's code,
 * and the server reads it only to send a visitor to the pages in that language: nothing is kept.
 */
export const LANGUAGE_COOKIE = 'candor_lang';

/**
 * The best of `languages` for an `Accept-Language` header: the highest weighted range that names
 * one of them (by its primary subtag: `es-MX` is Spanish), English when none does.
 */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; weight: number } | null = null;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0 || !isLanguage(primary)) continue;
    if (!best || weight > best.weight) best = { language: primary, weight };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
