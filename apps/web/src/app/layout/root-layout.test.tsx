import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { activateLocale } from '@/lib/i18n';
import { createMemoryHistory, Router, Routes } from '@/lib/router';
import { MockWebSocket } from '@/test/mock-websocket';
import { mockFetch } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { RootLayout } from './root-layout';

function renderLayout() {
  const router = createMemoryHistory('/');
  const routes = [
    { path: '/', element: <p>page body</p> },
    { path: '/login', element: <p>login</p> },
  ];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router history={router}>
        <RootLayout>
          <Routes routes={routes} />
        </RootLayout>
      </Router>
    </QueryClientProvider>,
  );
  return router;
}

describe('RootLayout', () => {
  it("shows 'Initializing authentication...' while an expired session is refreshed", async () => {
    tokenStorage.save(accessToken({ exp: Math.floor(Date.now() / 1000) - 10 }), 'r1');
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    renderLayout();
    expect(screen.getByRole('status')).toHaveTextContent('Initializing authentication...');
    answer(
      new Response(JSON.stringify({ access: accessToken(), refresh: 'r2' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('shows Login, Register and Submit Report to a visitor, in the phone menu too', async () => {
    renderLayout();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
    // The phone menu is a native popover (opened by the browser, e2e/accounts/accessibility).
    const menuButton = within(nav).getByRole('button', { name: /Open menu/ });
    expect(menuButton).toHaveAttribute('popovertarget', 'mobile-menu');
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    expect(menu).toHaveAttribute('popover', 'auto');
    // Closed, it is hidden until the browser opens it.
    expect(within(menu).getByRole('link', { name: 'Login', hidden: true })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Register', hidden: true })).toHaveAttribute(
      'href',
      '/register',
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Submit Report' })).toHaveAttribute(
      'href',
      '/submit-report',
    );
    expect(within(header).getByRole('link', { name: 'Become Admin/Org' })).toHaveAttribute(
      'href',
      '/become-admin',
    );
    const footer = screen.getByRole('contentinfo');
    for (const name of [
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
      'Security',
      'Contact Us',
    ]) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it.each([
    [{ role: 'user' }, 'My Reports', '/my-reports'],
    [{ role: 'admin' }, 'Admin Dashboard', '/admin-dashboard'],
    [{ role: 'admin', is_superuser: true }, 'Superuser Dashboard', '/superuser-dashboard'],
  ])('shows the dashboard link for %j', async (claims, label, href) => {
    tokenStorage.save(accessToken(claims), 'r1');
    renderLayout();
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(screen.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('leaves focus where it is on the page the browser loaded, and starts each later page at its top', async () => {
    mockFetch({});
    const router = renderLayout();
    await screen.findByText('page body');
    // Tab starts from the top of the page (the skip link), as the browser left it.
    expect(document.body).toHaveFocus();
    act(() => router.navigate('/login'));
    await screen.findByText('login');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('logs out: revokes on the server, clears both tokens and goes to /login', async () => {
    tokenStorage.save(accessToken(), 'r1');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/accounts/logout/',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refresh: 'r1' }) }),
    );
  });

  it('shows the notification bell to a logged-in user and drops its socket on logout', async () => {
    tokenStorage.save(accessToken({ user_id: 9 }), 'r1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    renderLayout();
    const header = screen.getByRole('banner');
    expect(
      await within(header).findByRole('button', { name: 'Notifications' }),
    ).toBeInTheDocument();
    // The bell draws before its socket opens: wait for the socket, not for a time.
    await waitFor(() => expect(MockWebSocket.instances).not.toHaveLength(0));
    const socket = MockWebSocket.latest();
    expect(socket.url).toMatch(/\/ws\/notifications\/9\/$/);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(socket.closedWith).toBe(1000);
    expect(within(header).queryByRole('button', { name: 'Notifications' })).toBeNull();
  });

  it('shows no bell to a visitor', async () => {
    renderLayout();
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Notifications' })).toBeNull();
    expect(MockWebSocket.instances).toHaveLength(0);
  });

  it("keeps a signed-in person's choice of language on their account", async () => {
    tokenStorage.save(accessToken({ user_id: 9 }), 'r1');
    const { calls } = mockFetch({
      'GET /api/notifications/': { body: [] },
      'GET /api/notifications/unread_count/': { body: { count: 0 } },
      'PATCH /api/accounts/profile/': { body: { language: 'es' } },
    });
    renderLayout();
    const header = screen.getByRole('banner');
    await within(header).findByRole('button', { name: 'Notifications' });
    try {
      // The switcher on the bar (the phone menu holds another, wired the same).
      const [bar] = within(header).getAllByText('English', { selector: 'span' });
      if (!bar) throw new Error('no switcher');
      await userEvent.click(bar);
      const [spanish] = within(header).getAllByRole('link', { name: 'Español' });
      if (!spanish) throw new Error('no Spanish');
      await userEvent.click(spanish);
      await waitFor(() =>
        expect(calls.map((call) => call.key)).toContain('PATCH /api/accounts/profile/'),
      );
      const saved = calls.find((call) => call.key === 'PATCH /api/accounts/profile/');
      expect(JSON.parse(String(saved?.init.body))).toEqual({ language: 'es' });
    } finally {
      await activateLocale('en');
    }
  });

  it('sends nothing when a visitor without an account changes language', async () => {
    const { calls } = mockFetch({});
    renderLayout();
    const header = screen.getByRole('banner');
    await within(header).findByRole('navigation', { name: 'Main' });
    try {
      // The footer's switcher.
      const footer = screen.getByRole('contentinfo');
      await userEvent.click(within(footer).getByText('English', { selector: 'span' }));
      await userEvent.click(within(footer).getByRole('link', { name: 'Español' }));
      // The page is drawn in Spanish: the choice is made, and kept on the device only.
      expect(
        await within(header).findByRole('link', { name: 'Enviar denuncia' }),
      ).toBeInTheDocument();
    } finally {
      await activateLocale('en');
    }
    expect(calls).toEqual([]);
  });
});
