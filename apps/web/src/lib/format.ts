const style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const dateTime = new Intl.DateTimeFormat(undefined, style);

type DateTimeOptions = {
  /** Shown instead of a value that is not a date; the value itself unless given. */
  fallback?: string;
  /** The reader's own locale and time zone unless given. */
  locale?: string;
  timeZone?: string;
};

/** A timestamp in the reader's locale and time zone, e.g. "Nov 23, 2026, 10:42 AM". */
export function formatDateTime(
  iso: string,
  { fallback = iso, locale, timeZone }: DateTimeOptions = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  const format =
    locale === undefined && timeZone === undefined
      ? dateTime
      : new Intl.DateTimeFormat(locale, { ...style, timeZone });
  return format.format(date);
}

/** "under_review" -> "Under Review". */
export function humanize(value: string): string {
  return value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
