import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';

/** The warning comes this long before the session ends. */
export const WARN_BEFORE_MS = 2 * 60_000;

function minutesLeft(ms: number) {
  const minutes = Math.ceil(ms / 60_000);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

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
        This session ends in <strong className="text-ink">{minutesLeft(Math.max(left, 0))}</strong>.
        After that, enter your receipt again; an answer you are writing is kept in this tab.
      </p>
      {isEnding && !isEnded && (
        <Alert tone="error">
          Your session ends in {minutesLeft(left)}. Send your answer now, or enter your receipt
          again afterwards: what you typed will be waiting.
        </Alert>
      )}
    </div>
  );
}
