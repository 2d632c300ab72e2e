import { BrowserRouter, StaticRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

type AppProps = {
  /**
   * The page to draw when there is no browser address to read: the build's pre-rendering
   * (src/entry-server.tsx) passes it. In the browser it is left out and the address bar decides.
   */
  location?: string;
};

/** The one place the router is chosen. */
export function App({ location }: AppProps) {
  return (
    <AppProviders>
      {location === undefined ? (
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      )}
    </AppProviders>
  );
}
