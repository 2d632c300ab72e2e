import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { RegisterPage } from './register-page';

async function fillAndSubmit(password = 'a-good-passphrase') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

/** These tests wait for the real redirect delay (as in the original product): more than 5 s on a busy machine. */
const REDIRECT_TEST_MS = 15_000;

describe('RegisterPage', () => {
  it(
    'registers with an empty email, shows success and goes to /login after 2 s',
    async () => {
      const { calls } = mockFetch({
        'POST /api/accounts/register/': { status: 201, body: { id: 1 } },
      });
      const { router } = renderPage(<RegisterPage />, {
        path: '/register',
        extraRoutes: [{ path: '/login', element: <p>login page</p> }],
      });
      await fillAndSubmit();
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Registration successful! Redirecting to login...',
      );
      expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
        first_name: 'Ada',
        last_name: '',
        username: 'ada',
        password: 'a-good-passphrase',
        email: '',
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3500 });
    },
    REDIRECT_TEST_MS,
  );

  it(
    'signs in a visitor sent on the way to a report and takes them back there',
    async () => {
      const token = accessToken({ user_id: 12 });
      const { calls } = mockFetch({
        'POST /api/accounts/register/': { status: 201, body: { id: 12 } },
        'POST /api/accounts/login/': { body: { access: token, refresh: 'r12' } },
      });
      const { router } = renderPage(<RegisterPage />, {
        path: '/register',
        state: { from: '/submit-report', reason: 'You must be logged in to submit a report.' },
        extraRoutes: [{ path: '/submit-report', element: <p>the report form</p> }],
      });
      expect(
        await screen.findByText(/you are signed in and back on your report/),
      ).toBeInTheDocument();
      await fillAndSubmit();
      expect(await screen.findByText('Registration successful! You are signed in.')).toBeVisible();
      expect(localStorage.getItem('accessToken')).toBe(token);
      expect(JSON.parse(String(calls[1]?.init.body))).toEqual({
        username: 'ada',
        password: 'a-good-passphrase',
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/submit-report'), {
        timeout: 3000,
      });
      expect(await screen.findByText('the report form')).toBeInTheDocument();
    },
    REDIRECT_TEST_MS,
  );

  it('shows the server message prefixed as the spec says, and the field error beside the field', async () => {
    mockFetch({
      'POST /api/accounts/register/': {
        status: 400,
        body: { username: ['A user with that username already exists.'] },
      },
    });
    renderPage(<RegisterPage />, { path: '/register' });
    await fillAndSubmit();
    expect(
      await screen.findByText('Registration failed: A user with that username already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('Username: A user with that username already exists.');
    expect(summary).toHaveFocus();
  });

  it('checks the password rules before sending', async () => {
    const { fetchMock } = mockFetch({});
    renderPage(<RegisterPage />, { path: '/register' });
    await fillAndSubmit('12345678');
    expect(screen.getByText('This password is entirely numeric.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Creating Account...' while busy and links to Sign In", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderPage(<RegisterPage />, { path: '/register' });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  });

  it('shows the fallback when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderPage(<RegisterPage />, { path: '/register' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please check your details and try again.',
    );
  });
  it('sends an invitation code given in the address, and shows why it is refused', async () => {
    const { calls } = mockFetch({
      'POST /api/accounts/register/': {
        status: 400,
        body: { claim_code: ['This invitation code is not valid.'] },
      },
    });
    renderPage(<RegisterPage />, {
      path: '/register',
      route: '/register?code=ABCD-EFGH-JKMN-PQRS',
    });
    expect(await screen.findByLabelText('Invitation code')).toHaveValue('ABCD-EFGH-JKMN-PQRS');
    await fillAndSubmit();
    expect(
      await screen.findByText('Registration failed: This invitation code is not valid.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      claim_code: 'ABCD-EFGH-JKMN-PQRS',
    });
    expect(screen.getByLabelText('Invitation code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the invitation code behind its own choice, and says a password cannot be reset', async () => {
    renderPage(<RegisterPage />, { path: '/register', route: '/register' });
    expect(await screen.findByLabelText('I have an invitation code')).not.toBeChecked();
    expect(screen.queryByLabelText('Invitation code')).not.toBeInTheDocument();
    expect(screen.getByText(/a forgotten password cannot be reset/)).toBeInTheDocument();
    screen.getByLabelText('I have an invitation code').click();
    expect(await screen.findByLabelText('Invitation code')).toBeInTheDocument();
  });
});
