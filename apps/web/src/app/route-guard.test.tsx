import { screen, waitFor } from '@testing-library/react';
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
});
