import { useState } from 'react';
import { createBrowserHistory, createMemoryHistory, Router } from '@/lib/router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

type AppProps = {
  /** The address to draw, when rendering on the server; in a browser the tab's own history. */
  location?: string;
};

export function App({ location }: AppProps) {
  const [history] = useState(() =>
    location === undefined ? createBrowserHistory() : createMemoryHistory(location),
  );
  return (
    <AppProviders>
      <Router history={history}>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
