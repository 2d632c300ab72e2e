import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is drawn on the server (build-time pre-rendering) and during the browser's
 * first render over that HTML (hydration), true once the browser draws on its own. A value that
 * only the browser knows is shown once this is true, so both first renders match.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
