import { intlLocale } from '@/lib/i18n';

/**
 * One way of writing dates everywhere, the one the deadlines (lib/deadline-words.ts) and the
 * certificate use: day, month in words, year ("3 March 2027" in English), never a day and month
 * that read either way round; in the page's language (`intlLocale()`).
 */
const style: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/**
 * A formatter made on first use in each language, not when this module loads. The first `Intl`
 * object a page makes sets up the browser's locale data, which takes a phone a few tenths of a
 * second; a page that shows no date (most import this file for `humanize`) never pays for it.
 */
function formatter(options: Intl.DateTimeFormatOptions) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return () => {
    const locale = intlLocale();
    let format = made.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      made.set(locale, format);
    }
    return format;
  };
}

const dateTime = formatter(style);

type DateTimeOptions = {
  /** Shown instead of a value that is not a date; the value itself unless given. */
  fallback?: string;
  /** The page's language and the reader's time zone unless given. */
  locale?: string;
  timeZone?: string;
};

/** A timestamp in the reader's time zone, e.g. "23 November 2026 at 10:42". */
export function formatDateTime(
  iso: string,
  { fallback = iso, locale, timeZone }: DateTimeOptions = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  const format =
    locale === undefined && timeZone === undefined
      ? dateTime()
      : new Intl.DateTimeFormat(locale ?? intlLocale(), { ...style, timeZone });
  return format.format(date);
}

const day = formatter({ dateStyle: 'long', timeZone: 'UTC' });

/** A UTC day ("2026-11-24") in words, e.g. "24 November 2026"; else as given. */
export function formatDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : day().format(date);
}

/**
 * "under_review" -> "Under Review": a value's own name, for what has no words in the catalogues
 * (a report's status and category have theirs: components/report/report-words.ts).
 */
export function humanize(value: string): string {
  return value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
