import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { T, useT } from '@/lib/i18n';

/** The warning comes this long before the session ends. */
export const WARN_BEFORE_MS = 2 * 60_000;

/** Whole minutes left, rounded up. */
const minutesLeft = (ms: number) => Math.ceil(ms / 60_000);

const strong = [<strong key="time" className="text-ink" />];

/**
 * How long the /track session has left, a warning two minutes before it ends, and the end itself
 * (`onExpired`), so nobody finds out by losing what they wrote.
 */
export function SessionClock({
  seconds,
  onExpired,
}: {
  /** The session's length, counted from when this is first drawn (the answer's arrival). */
  seconds: number;
  onExpired(): void;
}) {
  const t = useT();
  const [end] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = end - now;
  const isEnded = left <= 0;
  useEffect(() => {
    if (isEnded) onExpired();
  }, [isEnded, onExpired]);
  const isEnding = left <= WARN_BEFORE_MS;
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted">
        <T
          id="intake.session.endsIn"
          values={{ minutes: minutesLeft(Math.max(left, 0)) }}
          components={strong}
        />
      </p>
      {isEnding && !isEnded && (
        <Alert tone="error">{t('intake.session.ending', { minutes: minutesLeft(left) })}</Alert>
      )}
    </div>
  );
}
