import {
  createContext,
  type ReactNode,
  type RefObject,
  Suspense,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** A component drawn in a browser with no provider above it (a test) draws on its own. */
const HydratedContext = createContext(true);
/** Holds the switch to drawing on its own until a part still being taken over is; answers a release. */
const HoldContext = createContext<(() => () => void) | null>(null);

type HydrationStateProps = {
  /**
   * This render draws a page at build time, or takes over one so drawn: its first render must be
   * the visitor's page, as the build drew it.
   */
  overBuiltHtml: boolean;
  children: ReactNode;
};

/**
 * Holds whether the browser draws on its own yet. Over a page drawn at build time it is false
 * during the first render (hydration), then becomes true in a transition: React draws what only
 * the browser knows (the session, a guarded page) in short slices that a tap can interrupt. (A
 * store read with `useSyncExternalStore` and a server snapshot would make React redraw the whole
 * page in one long task.)
 *
 * The switch waits for every HydrationBoundary to be taken over: a part whose code was still on
 * its way must be taken over as the build drew it, or React would throw its HTML away.
 */
export function HydrationState({ overBuiltHtml, children }: HydrationStateProps) {
  const [isHydrated, setHydrated] = useState(!overBuiltHtml);
  const held = useRef({ count: 0, isMounted: false });
  const switchWhenFree = useCallback(() => {
    if (held.current.isMounted && held.current.count === 0) {
      startTransition(() => setHydrated(true));
    }
  }, []);
  const hold = useCallback(() => {
    held.current.count += 1;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      held.current.count -= 1;
      switchWhenFree();
    };
  }, [switchWhenFree]);
  useEffect(() => {
    held.current.isMounted = true;
    switchWhenFree();
    return () => {
      held.current.isMounted = false;
    };
  }, [switchWhenFree]);
  return (
    <HoldContext.Provider value={isHydrated ? null : hold}>
      <HydratedContext.Provider value={isHydrated}>{children}</HydratedContext.Provider>
    </HoldContext.Provider>
  );
}

/** Drawn last inside a HydrationBoundary: its effect runs once the part has been taken over. */
function Arrived({ release }: { release: RefObject<(() => void) | undefined> }) {
  useEffect(() => release.current?.(), [release]);
  return null;
}

/**
 * A Suspense boundary around a part that may still be loading while the page is taken over (a
 * page's own chunk): the app draws on its own only once this part has been taken over too.
 */
export function HydrationBoundary({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  const hold = useContext(HoldContext);
  const release = useRef<() => void>(undefined);
  // A layout effect: held before any passive effect of the same commit could switch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: held once, from the first commit
  useLayoutEffect(() => {
    if (!hold) return;
    const done = hold();
    release.current = done;
    return done;
  }, []);
  return (
    <Suspense fallback={fallback}>
      {children}
      <Arrived release={release} />
    </Suspense>
  );
}

/**
 * False while the page is drawn on the server (build-time pre-rendering) and during the browser's
 * first render over that HTML (hydration), true once the browser draws on its own. A value that
 * only the browser knows is shown once this is true, so both first renders match.
 */
export function useIsHydrated(): boolean {
  return useContext(HydratedContext);
}
