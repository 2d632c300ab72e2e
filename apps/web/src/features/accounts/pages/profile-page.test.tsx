import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { profileFixture } from '@/test/profile-fixture';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { capitalise, ProfilePage } from './profile-page';

const LABEL_HINT =
  'Reporters see this before they write, with a box to keep you out of a report about you. For example “Compliance officer” or “HR, North site”. Leave empty to be shown as “Administrator”.';

describe('capitalise', () => {
  it('capitalises and answers N/A when missing', () => {
    expect(capitalise('premium')).toBe('Premium');
    expect(capitalise('')).toBe('N/A');
    expect(capitalise(undefined)).toBe('N/A');
  });
});

describe('ProfilePage', () => {
  it('shows username, role and tier capitalised, and the Edit Profile link', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({
      'GET /api/accounts/profile/': {
        body: profileFixture({ role: 'admin', plan: 'premium' }),
      },
    });
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('ada')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/EditProfile',
    );
  });

  it('lets an administrator choose how reporters see them', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const { calls } = mockFetch({
      'GET /api/accounts/profile/': {
        body: profileFixture({ first_name: 'Ada', last_name: 'Quill', role: 'admin' }),
      },
      'PUT /api/admin/handler-label/': (init) => {
        const label = String(JSON.parse(String(init.body)).handler_label ?? '').trim();
        return { body: { handler_label: label || null } };
      },
    });
    renderPage(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'How reporters see you' });
    const label = within(form).getByLabelText(/Your label/);
    expect(label).toHaveValue('');
    expect(label).toHaveAccessibleDescription(LABEL_HINT);
    const save = within(form).getByRole('button', { name: 'Save label' });

    await user.type(label, 'x'.repeat(81));
    await user.click(save);
    await waitFor(() => expect(label).toHaveAccessibleDescription(/no more than 80 characters/));
    expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);

    await user.clear(label);
    await user.type(label, 'HR, North site');
    await user.click(save);
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Saved: reporters see you as “HR, North site”.',
    );
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({
      handler_label: 'HR, North site',
    });
  });

  it('shows no label to someone who is not an administrator', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({
      'GET /api/accounts/profile/': {
        body: profileFixture({ username: 'bo' }),
      },
    });
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('bo')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'How reporters see you' })).toBeNull();
  });

  it('says so when the profile cannot be loaded', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({ 'GET /api/accounts/profile/': { status: 500, body: { detail: 'x' } } });
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Could not load profile data. Please try again later.',
    );
  });

  it('says so when there is no token', async () => {
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No access token found. Please log in.',
    );
  });

  it('deletes the account only after the password confirms it in the dialog', async () => {
    tokenStorage.save(accessToken(), 'r1');
    const { calls } = mockFetch({
      'GET /api/accounts/profile/': {
        body: profileFixture(),
      },
      'POST /api/accounts/delete/': () => ({
        status: 400,
        body: { password: ['Your password is not correct.'] },
      }),
    });
    renderPage(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('A receipt from reporting without an account');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    // Nothing is sent without the password.
    expect(calls.map((call) => call.key)).not.toContain('POST /api/accounts/delete/');
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(/Your password is not correct/).length).toBeGreaterThan(0),
    );
    expect(calls.map((call) => call.key)).toContain('POST /api/accounts/delete/');
  });

  it('offers no deletion to the superuser', async () => {
    tokenStorage.save(accessToken({ is_superuser: true, role: 'admin' }), 'r1');
    mockFetch({
      'GET /api/accounts/profile/': {
        body: {
          username: 'root',
          email: null,
          first_name: '',
          last_name: '',
          role: 'admin',
          plan: 'free',
          is_superuser: true,
        },
      },
    });
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });
});
