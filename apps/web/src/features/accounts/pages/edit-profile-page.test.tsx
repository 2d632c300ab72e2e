import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { profileFixture } from '@/test/profile-fixture';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { EditProfilePage } from './edit-profile-page';

const profile = profileFixture({ email: 'ada@example.org' });

describe('EditProfilePage', () => {
  beforeEach(() => tokenStorage.save(accessToken(), 'r1'));

  it('saves, says so and returns to /profile after 1.5 s', async () => {
    const { calls } = mockFetch({
      'GET /api/accounts/profile/': { body: profile },
      'PUT /api/accounts/profile/': { body: { ...profile, username: 'ada2' } },
    });
    const { router } = renderPage(<EditProfilePage />, {
      path: '/EditProfile',
      extraRoutes: [{ path: '/profile', element: <p>profile</p> }],
    });
    const user = userEvent.setup();
    const username = await screen.findByLabelText('Username');
    await waitFor(() => expect(username).toHaveValue('ada'));
    await user.clear(username);
    await user.type(username, 'ada2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully!');
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({
      username: 'ada2',
      email: 'ada@example.org',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 3000 });
  });

  it('appends the Username and Email errors to the failure message', async () => {
    mockFetch({
      'GET /api/accounts/profile/': { body: profile },
      'PUT /api/accounts/profile/': {
        status: 400,
        body: {
          username: ['A user with that username already exists.'],
          email: ['A user with that email already exists.'],
        },
      },
    });
    renderPage(<EditProfilePage />, { path: '/EditProfile' });
    const user = userEvent.setup();
    await waitFor(async () => expect(await screen.findByLabelText('Username')).toHaveValue('ada'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to update profile. Please check your input. Username: A user with that username already exists. Email: A user with that email already exists.',
    );
  });

  it('requires a valid email before sending', async () => {
    const { calls } = mockFetch({ 'GET /api/accounts/profile/': { body: profile } });
    renderPage(<EditProfilePage />, { path: '/EditProfile' });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('ada@example.org'));
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email: Enter a valid email address.',
    );
    expect(calls.filter((call) => call.key.startsWith('PUT'))).toHaveLength(0);
  });

  it('shows the load failure message', async () => {
    mockFetch({ 'GET /api/accounts/profile/': { status: 503, body: {} } });
    renderPage(<EditProfilePage />, { path: '/EditProfile' });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Could not load profile data for editing. Please try again.',
    );
  });
});
