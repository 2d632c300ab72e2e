import type { MyOrganization } from '@candor/contract/organizations';
import { screen } from '@testing-library/react';
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
});
