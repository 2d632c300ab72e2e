/** A notification's time in the reader's locale, e.g. "Nov 23, 2026, 10:42 AM" in en-US. */
export function formatTimestamp(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}
