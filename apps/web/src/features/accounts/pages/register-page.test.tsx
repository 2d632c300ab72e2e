import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderPage } from '@/test/render';
import { RegisterPage } from './register-page';

async function fillAndSubmit(password = 'a-good-passphrase') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterPage', () => {
  it('registers with an empty email, shows success and goes to /login after 2 s', async () => {
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
  });

  it('shows the server message prefixed as the spec says, and the field error beside the field', async () => {
    mockFetch({
      'POST /api/accounts/register/': {
        status: 400,
        body: { username: ['A user with that username already exists.'] },
      },
    });
    renderPage(<RegisterPage />, { path: '/register' });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed: A user with that username already exists.',
    );
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
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
    expect(await screen.findByLabelText(/Invitation code/)).toHaveValue('ABCD-EFGH-JKMN-PQRS');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed: This invitation code is not valid.',
    );
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      claim_code: 'ABCD-EFGH-JKMN-PQRS',
    });
    expect(screen.getByLabelText(/Invitation code/)).toHaveAttribute('aria-invalid', 'true');
  });
});
