import type { AccessRequestCreated } from '@candor/contract/access-requests';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { BecomeAdminPage } from './become-admin-page';

const created = {
  id: 3,
  request_type: 'individual',
  status: 'pending',
  submitted_at: '2025-05-01T10:00:00.000Z',
  claim_code: null,
} satisfies AccessRequestCreated;

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
  await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0958');
  await user.type(screen.getByLabelText('Description'), 'I lead the safeguarding team.');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Submit Application' }));

type Answer = { status: number; body: unknown };

/** Renders the page, `answer` its reply to an application; fills in an individual one and sends it. */
async function applyAsIndividual(answer: Answer = { status: 201, body: created }) {
  const { calls } = mockFetch({ 'POST /api/accounts/admin-access-request/': answer });
  renderPage(<BecomeAdminPage />, { path: '/become-admin' });
  const user = userEvent.setup();
  await fillCommon(user);
  await submit(user);
  return calls;
}

describe('BecomeAdminPage', () => {
  it('starts as an individual application with a five-row description', async () => {
    renderPage(<BecomeAdminPage />, { path: '/become-admin' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Become an Admin' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Request type')).toHaveValue('individual');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '5');
    expect(screen.queryByLabelText('Organization type')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Organization name')).not.toBeInTheDocument();
  });

  it('shows the organisation type and name only for an organisation, with the four types', async () => {
    renderPage(<BecomeAdminPage />, { path: '/become-admin' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Request type'), 'organization');
    const type = screen.getByLabelText('Organization type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select organization type',
      'Educational Institution',
      'Corporate Organization',
      'Government Agency',
      'Non-profit Organization',
    ]);
    expect(screen.getByLabelText('Organization name')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Request type'), 'individual');
    expect(screen.queryByLabelText('Organization type')).not.toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const { calls } = mockFetch({});
    renderPage(<BecomeAdminPage />, { path: '/become-admin' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await submit(user);
    // The form's schema arrives with its first check.
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Enter a valid email address.',
      ),
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      /This field is required\.$/,
    );
    await user.selectOptions(screen.getByLabelText('Request type'), 'organization');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Organization type')).toHaveAccessibleDescription(
        'This field is required.',
      ),
    );
    expect(screen.getByLabelText('Organization name')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(calls).toHaveLength(0);
  });

  it('sends an individual application, says so and resets the form', async () => {
    const calls = await applyAsIndividual();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Application submitted successfully! You will be notified upon approval.',
    );
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      request_type: 'individual',
      email: 'ada@example.org',
      phone: '+44 20 7946 0958',
      justification: 'I lead the safeguarding team.',
    });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.queryByTestId('claim-code')).not.toBeInTheDocument();
  });

  it('sends the organisation fields and shows a claim code to a visitor', async () => {
    const { calls } = mockFetch({
      'POST /api/accounts/admin-access-request/': {
        status: 201,
        body: { ...created, request_type: 'organization', claim_code: 'ABCD-EFGH-JKMN-PQRS' },
      },
    });
    renderPage(<BecomeAdminPage />, { path: '/become-admin' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Request type'), 'organization');
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText('Organization type'), 'government');
    await user.type(screen.getByLabelText('Organization name'), 'City Council');
    await submit(user);
    expect(await screen.findByTestId('claim-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS');
    expect(
      screen.getByRole('link', { name: 'create your account with this code' }),
    ).toHaveAttribute('href', '/register?code=ABCD-EFGH-JKMN-PQRS');
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      request_type: 'organization',
      organization_type: 'government',
      organization_name: 'City Council',
    });
    expect(screen.getByLabelText('Request type')).toHaveValue('individual');
    expect(calls[0]?.init.headers).not.toHaveProperty('authorization');
  });

  it('sends the access token when signed in', async () => {
    const token = accessToken();
    tokenStorage.save(token, 'r1');
    const calls = await applyAsIndividual();
    await screen.findByRole('status');
    expect(calls[0]?.init.headers).toHaveProperty('authorization', `Bearer ${token}`);
  });

  it.each([
    [
      { status: 400, body: { detail: 'You already have a pending request for admin access.' } },
      'Oops, something went wrong: You already have a pending request for admin access. Please try again.',
    ],
    [{ status: 500, body: {} }, 'Oops, something went wrong: Submission failed. Please try again.'],
  ])('shows the failure message for %j', async (answer, text) => {
    await applyAsIndividual(answer);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
  });
});
