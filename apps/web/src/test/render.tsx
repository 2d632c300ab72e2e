import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';

type Options = {
  path?: string;
  route?: string;
  state?: unknown;
  extraRoutes?: { path: string; element: ReactNode }[];
};

/** `/register?code=x` -> pathname and search, as the router wants them. */
function splitRoute(route: string) {
  const index = route.indexOf('?');
  return index === -1
    ? { pathname: route }
    : { pathname: route.slice(0, index), search: route.slice(index) };
}

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
  const router = createMemoryRouter(
    [
      { path: options.path ?? '/', element: withAuth(element) },
      ...(options.extraRoutes ?? []).map((route) => ({
        ...route,
        element: withAuth(route.element),
      })),
    ],
    {
      initialEntries: [
        { ...splitRoute(options.route ?? options.path ?? '/'), state: options.state },
      ],
    },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stand-in answering JSON per `METHOD path`. */
export function mockFetch(
  routes: Record<
    string,
    | { status?: number; body?: unknown }
    | ((init: RequestInit) => { status?: number; body?: unknown })
  >,
) {
  const calls: { key: string; url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, url: url.pathname + url.search, init });
    const route = routes[key];
    if (!route)
      return new Response(JSON.stringify({ detail: 'Not found.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
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
