import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { TwoFactorPage } from './two-factor-page';

const status = (overrides = {}) => ({
  is_staff: true,
  is_enabled: false,
  is_required: false,
  recovery_codes_left: 0,
  ...overrides,
});

describe('TwoFactorPage', () => {
  it('shows the QR code and key once, and the recovery codes once the code is right', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const newAccess = accessToken({ role: 'admin', user_id: 7 });
    const codes = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);
    const { calls } = mockFetch({
      'GET /api/two-factor/': { body: status() },
      'POST /api/two-factor/enrolment/': {
        status: 201,
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/Candor:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /api/two-factor/enrolment/confirm/': {
        body: { recovery_codes: codes, tokens: { access: newAccess, refresh: 'r2' } },
      },
    });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    const user = userEvent.setup();
    // The current password first: a session left open is not enough to set it up.
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your current password'), 'my-own-passphrase');
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText('Enter the code from your app.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    expect(screen.getByRole('link', { name: 'I have saved my recovery codes' })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
    expect(calls.filter((call) => call.key.startsWith('POST')).map((call) => call.key)).toEqual([
      'POST /api/two-factor/enrolment/',
      'POST /api/two-factor/enrolment/confirm/',
    ]);
    expect(
      JSON.parse(
        String(calls.find((call) => call.key === 'POST /api/two-factor/enrolment/')?.init.body),
      ),
    ).toEqual({
      password: 'my-own-passphrase',
    });
  });

  it('shows a wrong password beside its field, and starts nothing', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    mockFetch({
      'GET /api/two-factor/': { body: status() },
      'POST /api/two-factor/enrolment/': {
        status: 400,
        body: { password: ['Your password is not correct.'] },
      },
    });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your current password'), 'a guess');
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByText('Your password is not correct.')).toBeInTheDocument();
    // Said once, beside the field: not again in a message below the form.
    expect(screen.getAllByText(/Your password is not correct/)).toHaveLength(1);
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('makes new recovery codes with the current password, and shows them once', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const codes = Array.from({ length: 10 }, (_, index) => `newco-des${index}x`);
    const { calls } = mockFetch({
      'GET /api/two-factor/': { body: status({ is_enabled: true, recovery_codes_left: 3 }) },
      'POST /api/two-factor/recovery-codes/': { body: { recovery_codes: codes } },
    });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Your current password, for new codes'),
      'my-own-passphrase',
    );
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('New recovery codes were made.')).toBeInTheDocument();
    expect(
      JSON.parse(
        String(
          calls.find((call) => call.key === 'POST /api/two-factor/recovery-codes/')?.init.body,
        ),
      ),
    ).toEqual({ password: 'my-own-passphrase' });
  });

  it('tells staff when it is required, and plain users that it is not for them', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({ 'GET /api/two-factor/': { body: status({ is_required: true }) } });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    expect(
      await screen.findByText(/requires two-factor authentication for staff/),
    ).toBeInTheDocument();
  });

  it('offers no set-up to plain users', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({ 'GET /api/two-factor/': { body: status({ is_staff: false }) } });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    expect(
      await screen.findByText('Two-factor authentication is for administrators.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });
});
