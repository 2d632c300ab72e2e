import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { destinationAfterLogin, LoginPage } from './login-page';

describe('destinationAfterLogin (as in the original product)', () => {
  const claims = (role: 'user' | 'admin', is_superuser = false) => ({
    user_id: 1,
    role,
    plan: 'free' as const,
    is_superuser,
    exp: 0,
  });
  it('sends superusers, admins and users to their places', () => {
    expect(destinationAfterLogin(claims('admin', true))).toBe('/superuser-dashboard');
    expect(destinationAfterLogin(claims('admin'))).toBe('/admin-dashboard');
    expect(destinationAfterLogin(claims('user'))).toBe('/');
  });
  it('returns to the page that asked for a login', () => {
    expect(destinationAfterLogin(claims('user'), '/submit-report')).toBe('/submit-report');
  });
});

describe('LoginPage', () => {
  it('logs in, says so, stores the tokens and redirects after 1.5 s', async () => {
    const token = accessToken({ role: 'admin' });
    mockFetch({
      'POST /api/accounts/login/': () => ({ body: { access: token, refresh: 'r1' } }),
    });
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      extraRoutes: [{ path: '/admin-dashboard', element: <p>admin home</p> }],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(localStorage.getItem('isSuperuser')).toBe('false');
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'), {
      timeout: 3000,
    });
  });

  it('shows the spec failure message', async () => {
    mockFetch({
      'POST /api/accounts/login/': { status: 401, body: { detail: 'No active account' } },
    });
    renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Login failed. Please check your credentials or try again later.',
    );
    // Focus goes to the failure, so nobody is left on a button that seemed to do nothing.
    expect(alert).toHaveFocus();
  });

  it('names the tab and starts focus at its heading', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(document.title).toBe('Sign in · Candor');
    expect(heading).toHaveFocus();
  });

  it('moves focus to a summary of the problems, each linked to its field', async () => {
    mockFetch({});
    renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    // The form's schema arrives with its first check.
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('Username is required.');
    await user.click(
      within(summary).getByRole('link', { name: 'Username: Username is required.' }),
    );
    expect(username).toHaveFocus();
  });

  it('carries where the visitor was going to the registration form', async () => {
    const state = { from: '/submit-report', reason: 'You must be logged in to submit a report.' };
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      state,
      extraRoutes: [{ path: '/register', element: <p>register page</p> }],
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText('register page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual(state);
  });

  it("shows 'Logging In...' while busy", async () => {
    let finish: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
      ),
    );
    renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    finish(new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } }));
  });

  it('requires both fields before calling the server', async () => {
    const { fetchMock } = mockFetch({});
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows why a guarded page sent the visitor here', async () => {
    renderPage(<LoginPage />, {
      path: '/login',
      state: { from: '/submit-report', reason: 'You must be logged in to submit a report.' },
    });
    expect(
      await screen.findByText('You must be logged in to submit a report.'),
    ).toBeInTheDocument();
  });

  it("links to 'Forgot your password?' and to registration", async () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});

describe('LoginPage: second factor', () => {
  async function signInWithPassword() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'grace');
    await user.type(screen.getByLabelText('Password'), 'secret-passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    return user;
  }

  it('asks for the code after the password and signs in with it', async () => {
    const token = accessToken({ role: 'admin' });
    const sent: unknown[] = [];
    mockFetch({
      'POST /api/accounts/login/': () => ({
        body: { two_factor_required: true, challenge: 'c1' },
      }),
      'POST /api/two-factor/login/': (init) => {
        sent.push(JSON.parse(String(init.body)));
        return { body: { access: token, refresh: 'r2' } };
      },
    });
    const { router } = renderPage(<LoginPage />, {
      path: '/login',
      extraRoutes: [{ path: '/admin-dashboard', element: <p>admin home</p> }],
    });
    const user = await signInWithPassword();
    expect(localStorage.getItem('accessToken')).toBeNull();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    expect(sent).toEqual([{ challenge: 'c1', code: '123456' }]);
    expect(localStorage.getItem('accessToken')).toBe(token);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'), {
      timeout: 3000,
    });
  });

  it('takes a recovery code instead, and shows the server’s refusal', async () => {
    mockFetch({
      'POST /api/accounts/login/': () => ({
        body: { two_factor_required: true, challenge: 'c1' },
      }),
      'POST /api/two-factor/login/': {
        status: 400,
        body: { detail: 'That recovery code is not valid, or it has been used already.' },
      },
    });
    renderPage(<LoginPage />, { path: '/login' });
    const user = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That recovery code is not valid');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('sends staff who must enrol to the set-up page', () => {
    expect(
      destinationAfterLogin(
        { role: 'user', is_superuser: false, two_factor: 'enrolment_required' },
        '/my-reports',
      ),
    ).toBe('/two-factor');
  });
});
