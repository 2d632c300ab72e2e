import type { OrganizationMember } from '@candor/contract/organizations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { organizationFixture } from '@/test/organization-fixture';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { OrganizationMembersPage } from './organization-members-page';

const school = organizationFixture({ is_admin: true });

const member = (id: number, username: string, overrides: Partial<OrganizationMember> = {}) =>
  ({
    id,
    username,
    member_since: '2026-11-20',
    is_active: true,
    is_admin: false,
    ...overrides,
  }) satisfies OrganizationMember;

const render = () => renderPage(<OrganizationMembersPage />, { path: '/organization-members' });

describe('OrganizationMembersPage', () => {
  beforeEach(() => tokenStorage.save(accessToken({ role: 'admin' }), 'r1'));

  it('lists the members with since when and whether active; administrators have no Remove', async () => {
    mockFetch({
      'GET /api/organizations/mine/': { body: school },
      'GET /api/organizations/members/': {
        body: [
          member(1, 'head_teacher', { is_admin: true }),
          member(2, 'ada'),
          member(3, 'bo', { is_active: false, member_since: '2026-10-01' }),
        ],
      },
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Members of Hillside School: 3' });
    const head = within(table).getByRole('row', { name: /head_teacher/ });
    expect(head).toHaveTextContent('Administrator');
    expect(within(head).queryByRole('button')).toBeNull();
    const bo = within(table).getByRole('row', { name: /bo/ });
    expect(bo).toHaveTextContent('Deactivated');
    expect(bo.querySelector('time')).toHaveAttribute('datetime', '2026-10-01');
    expect(within(bo).getByRole('button', { name: 'Remove bo' })).toBeEnabled();
    expect(within(table).getByRole('row', { name: /ada/ })).toHaveTextContent('Active');
  });

  it('removes a member only after a confirmation, and says so', async () => {
    const { calls } = mockFetch({
      'GET /api/organizations/mine/': { body: school },
      'GET /api/organizations/members/': { body: [member(2, 'ada'), member(3, 'bo')] },
      'POST /api/organizations/members/2/remove/': { status: 204 },
    });
    render();
    const user = userEvent.setup();
    const removeAda = await screen.findByRole('button', { name: 'Remove ada' });
    await user.click(removeAda);
    const dialog = screen.getByRole('dialog', { name: 'Remove ada?' });
    expect(dialog).toHaveTextContent('ada will no longer be a member of Hillside School.');
    expect(dialog).toHaveTextContent('The reports they filed stay with the organisation.');
    // Keep them: nothing is sent, focus goes back.
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(removeAda).toHaveFocus();
    expect(calls.map((call) => call.key)).not.toContain(
      'POST /api/organizations/members/2/remove/',
    );

    await user.click(removeAda);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove member' }),
    );
    expect(await screen.findByText('ada was removed from Hillside School.')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('POST /api/organizations/members/2/remove/');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal in the dialog, and the list's when it cannot be read", async () => {
    mockFetch({
      'GET /api/organizations/mine/': { body: school },
      'GET /api/organizations/members/': { body: [member(2, 'ada')] },
      'POST /api/organizations/members/2/remove/': {
        status: 400,
        body: { detail: 'An administrator cannot be removed here.' },
      },
    });
    const { unmount } = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove ada' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove member' }),
    );
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'An administrator cannot be removed here.',
    );
    unmount();

    mockFetch({
      'GET /api/organizations/mine/': { body: school },
      'GET /api/organizations/members/': {
        status: 403,
        body: {
          detail: 'Only the administrator of an organisation can see and remove its members.',
        },
      },
    });
    render();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Only the administrator of an organisation can see and remove its members.',
      ),
    );
  });
});
