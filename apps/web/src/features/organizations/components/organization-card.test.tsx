import type { MyOrganization } from '@candor/contract/organizations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { OrganizationCard } from './organization-card';

const school = {
  id: 4,
  name: 'Hillside School',
  type: 'education',
  is_admin: false,
  slug: 'hillside-school',
  accepts_guest_reports: true,
  acknowledge_days: null,
  feedback_days: null,
  retention_days: null,
  platform_retention_days: 365,
  reader_names_shown: false,
} satisfies MyOrganization;

describe('OrganizationCard', () => {
  it('lets someone in no organisation join with a code', async () => {
    tokenStorage.save(accessToken(), 'r1');
    const { calls } = mockFetch({
      'GET /api/organizations/mine/': { body: null },
      'POST /api/organizations/join/': { body: school },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    expect(await screen.findByText('You are not a member of an organisation.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Join an organisation' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Join code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Hillside School')).toBeInTheDocument();
    expect(screen.getByText(/Educational Institution/)).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ code: 'abcd-efgh-jkmn-pqrs' });
  });

  it("shows the server's reason when the code is refused", async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({
      'GET /api/organizations/mine/': { body: null },
      'POST /api/organizations/join/': {
        status: 400,
        body: { detail: 'This join code is not valid.' },
      },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Join code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This join code is not valid.');
  });

  it('gives the organisation administrator a new join code', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    mockFetch({
      'GET /api/organizations/mine/': { body: { ...school, is_admin: true } },
      'POST /api/organizations/join-code/': { body: { code: 'WXYZ-2345-6789-ABCD' } },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate join code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('WXYZ-2345-6789-ABCD');
    expect(screen.queryByRole('button', { name: 'Leave organisation' })).toBeNull();
  });

  it('offers no join form to an administrator outside any organisation', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    mockFetch({ 'GET /api/organizations/mine/': { body: null } });
    renderPage(<OrganizationCard />);
    expect(await screen.findByText('You are not a member of an organisation.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Join code')).toBeNull();
  });

  it('lets the organisation administrator keep closed reports for less time', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'r1');
    const { calls } = mockFetch({
      'GET /api/organizations/mine/': { body: { ...school, is_admin: true } },
      'PUT /api/organizations/retention/': (init) => {
        const input = JSON.parse(String(init.body));
        return input.retention_days > 365
          ? {
              status: 400,
              body: {
                detail: 'At most 365 days: the platform keeps closed reports no longer than that.',
              },
            }
          : { body: { ...school, is_admin: true, retention_days: input.retention_days } };
      },
    });
    renderPage(<OrganizationCard />);
    const user = userEvent.setup();
    const days = await screen.findByLabelText(/Keep closed reports for \(days\)/);
    expect(days).toHaveAccessibleDescription(
      /Leave empty for the platform’s 365 days; never more\./,
    );
    const save = screen.getByRole('button', { name: 'Save period' });

    await user.type(days, 'ninety');
    await user.click(save);
    // The form is checked asynchronously (lib/forms/contract-resolver.ts).
    await waitFor(() => expect(days).toHaveAccessibleDescription(/Give a number of days\./));
    expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '400');
    await user.click(save);
    expect(
      await screen.findByText(
        'At most 365 days: the platform keeps closed reports no longer than that.',
      ),
    ).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '90');
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: closed reports are deleted 90 days after they close.',
    );
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ retention_days: 90 });

    await user.clear(days);
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('after the platform’s 365 days');
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ retention_days: null });
  });

  it('shows members no retention setting', async () => {
    tokenStorage.save(accessToken(), 'r1');
    mockFetch({ 'GET /api/organizations/mine/': { body: school } });
    renderPage(<OrganizationCard />);
    expect(await screen.findByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Keep closed reports/)).toBeNull();
  });
});
