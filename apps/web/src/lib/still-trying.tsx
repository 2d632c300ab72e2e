import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t, useT } from '@/lib/i18n';

/** How long a request runs before the page says it is still trying (about 15 s). */
export const STILL_TRYING_MS = 15_000;

/** The reporter stopped waiting: what they typed is where they left it. */
export const stoppedWaiting = (): string => t('lib.stillTrying.stopped');

/** A request the reader stopped, or the page dropped (fetch's and XHR's AbortError). */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * One request at a time that the reader may stop: `start()` gives the signal for the next one
 * (stopping any before it), `cancel()` stops the one running.
 */
export function useCancellable() {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return {
    start() {
      controller.current?.abort();
      controller.current = new AbortController();
      return controller.current.signal;
    },
    cancel() {
      controller.current?.abort();
      controller.current = null;
    },
  };
}

/**
 * Shown once a request has run for about 15 s: that it is still trying, and a way to stop
 * waiting that keeps everything typed.
 */
export function StillTrying({ isPending, onCancel }: { isPending: boolean; onCancel(): void }) {
  const t = useT();
  const [isSlow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!isPending) return;
    const timer = setTimeout(() => setSlow(true), STILL_TRYING_MS);
    return () => clearTimeout(timer);
  }, [isPending]);
  if (!isPending || !isSlow) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>{t('lib.stillTrying.slow')}</p>
      <Button variant="secondary" size="sm" onClick={onCancel}>
        {t('lib.stillTrying.stop')}
      </Button>
    </div>
  );
}
