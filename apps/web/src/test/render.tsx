import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createMemoryHistory, Router, Routes } from '@/lib/router';
import { currentTest, unlistedCalls } from './unlisted-calls';

type Options = {
  path?: string;
  route?: string;
  state?: unknown;
  extraRoutes?: { path: string; element: ReactNode }[];
};

/** Like the app's shell: pages mount once the session is checked (and the cache reset). */
function WhenReady({ children }: { children: ReactNode }) {
  return useAuth().status === 'ready' ? children : null;
}

const withAuth = (element: ReactNode) => (
  <AuthProvider>
    <WhenReady>{element}</WhenReady>
  </AuthProvider>
);

/** Renders a page inside the app's providers at a given address. */
export function renderPage(element: ReactNode, options: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryHistory(options.route ?? options.path ?? '/', options.state);
  const routes = [{ path: options.path ?? '/', element }, ...(options.extraRoutes ?? [])];
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router history={router}>
        <Routes routes={routes.map((route) => ({ ...route, element: withAuth(route.element) }))} />
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stand-in answering JSON per `METHOD path`; any other call fails the test. */
export function mockFetch(
  routes: Record<
    string,
    | { status?: number; body?: unknown }
    | ((init: RequestInit) => { status?: number; body?: unknown })
  >,
) {
  const calls: { key: string; url: string; init: RequestInit }[] = [];
  const madeIn = currentTest.number;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, url: url.pathname + url.search, init });
    const route = routes[key];
    if (!route) {
      if (madeIn === currentTest.number) unlistedCalls.push(key);
      return new Response(JSON.stringify({ detail: 'Not listed by the test.' }), {
        status: 599,
        headers: { 'content-type': 'application/json' },
      });
    }
    const answer = typeof route === 'function' ? route(init) : route;
    const status = answer.status ?? 200;
    const body = answer.body === undefined ? {} : answer.body;
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
