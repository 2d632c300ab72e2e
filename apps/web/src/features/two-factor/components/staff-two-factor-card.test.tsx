import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { StaffTwoFactorCard } from './staff-two-factor-card';

const staff = (isGraceEnrolled: boolean) => ({
  is_required: true,
  results: [
    { id: 2, username: 'ada', role: 'admin', is_superuser: false, is_enabled: false },
    { id: 3, username: 'grace', role: 'admin', is_superuser: false, is_enabled: isGraceEnrolled },
  ],
});

describe('StaffTwoFactorCard', () => {
  it('lists who has not set it up, and resets one who has after asking', async () => {
    tokenStorage.save(accessToken({ role: 'admin', is_superuser: true }), 'r1');
    let isGraceEnrolled = true;
    const { calls } = mockFetch({
      'GET /api/two-factor/staff/': () => ({ body: staff(isGraceEnrolled) }),
      'DELETE /api/two-factor/staff/3/': () => {
        isGraceEnrolled = false;
        return { status: 204 };
      },
    });
    renderPage(<StaffTwoFactorCard />);
    const missing = await screen.findByRole('list', {
      name: 'Staff without two-factor authentication',
    });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ada (administrator)']);
    expect(screen.getByText(/Required for staff/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Reset two-factor authentication of grace' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(calls.map((call) => call.key)).toContain('DELETE /api/two-factor/staff/3/');
    expect(await within(missing).findByText(/grace/)).toBeInTheDocument();
  });
});
