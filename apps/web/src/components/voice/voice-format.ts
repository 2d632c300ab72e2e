import { t } from '@/lib/i18n';

/** `m:ss` for a length in milliseconds or seconds (`unit`). */
export function clockOf(value: number, unit: 'ms' | 's' = 'ms'): string {
  const total = Math.max(0, Math.round(unit === 'ms' ? value / 1000 : value));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The same length in words, for screen readers ("1 minute 5 seconds"). */
export function spokenLength(ms: number): string {
  const total = Math.max(1, Math.round(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (seconds === 0) return t('voice.length.minutes', { minutes });
  if (minutes === 0) return t('voice.length.seconds', { seconds });
  return t('voice.length.minutesSeconds', { minutes, seconds });
}
