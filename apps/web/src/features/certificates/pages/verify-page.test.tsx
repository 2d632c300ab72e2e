import type { CertificateVerification } from '@candor/contract/reports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderPage } from '@/test/render';
import { VERDICT_TEXTS, VerifyPage } from './verify-page';

const VERIFY = 'GET /api/reports/certificates/verify/';

const genuine = {
  valid: true,
  reference: 'RPT-7K2M-Q9XA',
  category: 'harassment',
  submitted_at: '2026-11-02T09:15:00.000Z',
  resolved_at: '2026-11-20T16:40:00.000Z',
} satisfies CertificateVerification;

const notValid = {
  valid: false,
  reference: null,
  category: null,
  submitted_at: null,
  resolved_at: null,
} satisfies CertificateVerification;

const at = (query: string) =>
  renderPage(<VerifyPage />, { path: '/verify', route: `/verify${query}` });

describe('/verify', () => {
  it('says a genuine certificate is genuine, and shows only what it prints', async () => {
    const { calls } = mockFetch({ [VERIFY]: { body: genuine } });
    at('?reference=RPT-7K2M-Q9XA&code=ABCD-EFGH-2345');
    expect(await screen.findByText(/This certificate is genuine\./)).toBeInTheDocument();
    expect(screen.getByText('RPT-7K2M-Q9XA')).toBeInTheDocument();
    expect(screen.getByText('Harassment')).toBeInTheDocument();
    expect(screen.getByText('20 November 2026 at 16:40', { exact: false })).toBeInTheDocument();
    // Asked without any token, with the address's reference and code.
    expect(calls.map((call) => call.url)).toEqual([
      '/api/reports/certificates/verify/?reference=RPT-7K2M-Q9XA&code=ABCD-EFGH-2345',
    ]);
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBeNull();
    // The form holds them, to correct and check again.
    expect(screen.getByLabelText('Reference number')).toHaveValue('RPT-7K2M-Q9XA');
    expect(screen.getByLabelText(/Verification code/)).toHaveValue('ABCD-EFGH-2345');
  });

  it('says a forged or mistyped one is not valid', async () => {
    mockFetch({ [VERIFY]: { body: notValid } });
    at('?reference=RPT-7K2M-Q9XA&code=AAAA-BBBB-CCCC');
    expect(await screen.findByRole('alert')).toHaveTextContent(VERDICT_TEXTS.notValid);
    expect(screen.queryByText(/This certificate is genuine/)).toBeNull();
  });

  it('says what is wrong with an address that holds no reference or code, without asking', async () => {
    const { calls } = mockFetch({});
    at('?reference=&code=');
    expect(await screen.findByRole('alert')).toHaveTextContent(VERDICT_TEXTS.badInput);
    expect(calls).toHaveLength(0);
  });

  it('takes the server’s 400 as bad input', async () => {
    mockFetch({ [VERIFY]: { status: 400, body: { code: ['Too long.'] } } });
    at(`?reference=R&code=${'X'.repeat(12)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(VERDICT_TEXTS.badInput);
  });

  it('reports a failure to reach the server in words', async () => {
    mockFetch({ [VERIFY]: { status: 503, body: { detail: 'Unavailable' } } });
    at('?reference=RPT-1&code=ABCD-EFGH-2345');
    expect(await screen.findByRole('alert')).toHaveTextContent(VERDICT_TEXTS.unreachable);
  });

  it('asks for a reference and code when the address has none, then checks them', async () => {
    const { calls } = mockFetch({ [VERIFY]: { body: genuine } });
    const { router } = at('');
    expect(await screen.findByRole('heading', { name: 'Check a certificate' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check the certificate' }));
    expect(await screen.findByText(/There is a problem/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Reference number'), 'RPT-7K2M-Q9XA');
    await userEvent.type(screen.getByLabelText(/Verification code/), 'ABCD-EFGH-2345');
    await userEvent.click(screen.getByRole('button', { name: 'Check the certificate' }));
    expect(await screen.findByText(/This certificate is genuine\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.search).toBe('?reference=RPT-7K2M-Q9XA&code=ABCD-EFGH-2345'),
    );
  });
});
