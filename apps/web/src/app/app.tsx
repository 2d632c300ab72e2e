import { useState } from 'react';
import { localeBase, splitLocale } from '@/lib/i18n';
import { createBrowserHistory, createMemoryHistory, Router } from '@/lib/router';
import { HydrationState } from '@/lib/use-hydrated';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

type AppProps = {
  /** The address to draw, when rendering on the server; in a browser the tab's own history. */
  location?: string;
  /** In a browser: it takes over a page drawn at build time (src/main.tsx hydrates it). */
  hydrating?: boolean;
};

/** The language's part of an address (`/es`), which the app's routes never see. */
const baseOf = (address: string) => localeBase(splitLocale(address.split(/[?#]/)[0] ?? '/').locale);

export function App({ location, hydrating = false }: AppProps) {
  const [history] = useState(() =>
    location === undefined
      ? createBrowserHistory({ base: baseOf(window.location.pathname) })
      : createMemoryHistory(location, null, baseOf(location)),
  );
  return (
    <HydrationState overBuiltHtml={location !== undefined || hydrating}>
      <AppProviders>
        <Router history={history}>
          <AppRoutes />
        </Router>
      </AppProviders>
    </HydrationState>
  );
}
