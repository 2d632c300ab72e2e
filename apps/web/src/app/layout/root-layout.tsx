import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { isTypingInField, MAIN_ID } from '@/lib/focus';
import { useT } from '@/lib/i18n';
import { useLocation } from '@/lib/router';
import { HydrationBoundary } from '@/lib/use-hydrated';
import { Footer } from './footer';
import { ScrollRestoration } from './scroll-restoration';
import { TopNav } from './top-nav';

function Shell({ children }: { children: ReactNode }) {
  const t = useT();
  const { status } = useAuth();
  const location = useLocation();

  // Each page the app goes to announces itself: focus starts at its top, before the page draws (a
  // layout effect), so the page's heading (PageHeading) finds it there and takes it once it
  // appears. Never on the page the browser loaded: focus is where the browser or the person put
  // it, and on a page drawn at build time they may be between two fields of a form they started
  // before the app took it over (their next keys would go nowhere). Never from a field someone is
  // typing in either.
  const isLoadedPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useLayoutEffect(() => {
    if (isLoadedPage.current) {
      isLoadedPage.current = false;
      return;
    }
    if (!location.hash && !isTypingInField()) {
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
  }, [location.pathname]);

  if (status === 'initializing') {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <LoadingState label={t('app.shell.initializing')} />
      </div>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:inline-flex focus:min-h-11 focus:items-center"
      >
        {t('app.shell.skip')}
      </a>
      <TopNav />
      {/* At least a screen tall, so the footer starts below the fold and a page arriving late
          pushes nothing on screen (layout shift). */}
      <main id={MAIN_ID} tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <HydrationBoundary
          fallback={
            <div className="mx-auto max-w-7xl px-6">
              <LoadingState label={t('app.shell.loading')} />
            </div>
          }
        >
          {children}
        </HydrationBoundary>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** Every page's frame: the session, the top bar, the page (loaded on demand) and the footer. */
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <Shell>{children}</Shell>
    </AuthProvider>
  );
}
