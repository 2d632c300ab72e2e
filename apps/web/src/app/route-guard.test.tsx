import { act, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { tokenStorage } from '@/lib/auth/token-storage';
import { renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { RouteGuard } from './route-guard';

const routes = [
  { path: '/login', element: <p>login page</p> },
  { path: '/', element: <p>home page</p> },
];

describe('RouteGuard', () => {
  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    const { router } = renderPage(
      <RouteGuard roles={['admin']}>
        <p>secret</p>
      </RouteGuard>,
      {
        path: '/admin-dashboard',
        extraRoutes: routes,
      },
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: '/admin-dashboard' });
  });

  it('sends a user away from an admin page to /', async () => {
    tokenStorage.save(accessToken({ role: 'user' }), 'r1');
    renderPage(
      <RouteGuard roles={['admin']}>
        <p>secret</p>
      </RouteGuard>,
      { path: '/admin-dashboard', extraRoutes: routes },
    );
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('clears both tokens when the token cannot be decoded', async () => {
    localStorage.setItem('accessToken', 'x.not-json.y');
    localStorage.setItem('refreshToken', 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderPage(
      <RouteGuard>
        <p>secret</p>
      </RouteGuard>,
      { path: '/profile', extraRoutes: routes },
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('refreshToken')).toBeNull());
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the page to an allowed user', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    renderPage(
      <RouteGuard roles={['admin']}>
        <p>secret</p>
      </RouteGuard>,
      { path: '/admin-dashboard', extraRoutes: routes },
    );
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('keeps the frame on screen for an allowed user while the page loads', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    let arrive: (page: { default: () => ReactNode }) => void = () => {};
    const LatePage = lazy(() => new Promise<{ default: () => ReactNode }>((r) => (arrive = r)));
    renderPage(
      <RouteGuard roles={['admin']} frame={<p>frame</p>}>
        <LatePage />
      </RouteGuard>,
      { path: '/admin-dashboard', extraRoutes: routes },
    );
    expect(await screen.findByText('frame')).toBeInTheDocument();
    await act(async () => arrive({ default: () => <p>secret</p> }));
    expect(await screen.findByText('secret')).toBeInTheDocument();
    expect(screen.queryByText('frame')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login rather than showing them the frame', async () => {
    renderPage(
      <RouteGuard roles={['admin']} frame={<p>frame</p>}>
        <p>secret</p>
      </RouteGuard>,
      { path: '/admin-dashboard', extraRoutes: routes },
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(screen.queryByText('frame')).not.toBeInTheDocument();
  });
});
