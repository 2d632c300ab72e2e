import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, type To, useNavigate } from '@/lib/router';

/** Navigates after a pause (the original product's redirects); cancelled if the page goes away first. */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: To, delayMs: number, options?: NavigateOptions) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}
