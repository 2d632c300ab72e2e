import { screen } from '@testing-library/react';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { capitalise, ProfilePage } from './profile-page';

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
        body: {
          username: 'ada',
          email: null,
          first_name: '',
          last_name: '',
          role: 'admin',
          plan: 'premium',
          is_superuser: false,
        },
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
});
