import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import type { AuditChain } from '@candor/contract/audit-log';
import type { ContactMessage } from '@candor/contract/contact';
import type { StaffMember } from '@candor/contract/staff';
import type { StaffTwoFactor } from '@candor/contract/two-factor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { SuperuserDashboardRoute } from './superuser-dashboard-route';

const request = (
  id: number,
  username: string | null,
  overrides: Partial<AccessRequestReviewItem> = {},
) =>
  ({
    id,
    username,
    justification: `Justification ${id}`,
    submitted_at: '2025-05-01T10:00:00.000Z',
    request_type: 'organization',
    email: `applicant${id}@example.org`,
    phone: '+1 555 0100',
    organization_type: 'education',
    organization_name: `School ${id}`,
    applicant_organization: null,
    ...overrides,
  }) satisfies AccessRequestReviewItem;

const contactMessage = {
  id: 9,
  name: 'Sam',
  email: null,
  subject: 'Opening hours',
  message: 'When are you open?',
  is_read: false,
  created_at: '2025-05-02T10:00:00.000Z',
} satisfies ContactMessage;

const chain = (overrides: Partial<AuditChain> = {}) =>
  ({
    is_intact: true,
    rows: 42,
    head: 'a'.repeat(64),
    broken_rows: 0,
    problem: null,
    summary: `The audit log is intact: 42 row(s) chained, head ${'a'.repeat(64)}.`,
    checked_at: '2025-05-03T09:00:00.000Z',
    ...overrides,
  }) satisfies AuditChain;

/**
 * The overview's cards each ask the server as the dashboard opens: quiet answers for tests about
 * something else (a test about a card gives its own, which replaces this one).
 */
const overviewCards = () => ({
  'GET /api/two-factor/staff/': {
    body: { is_required: false, results: [] } satisfies StaffTwoFactor,
  },
  'GET /api/audit/chain/': { body: chain() },
});

const render = () => renderPage(<SuperuserDashboardRoute />, { path: '/superuser-dashboard' });

describe('SuperuserDashboardRoute', () => {
  beforeEach(() => tokenStorage.save(accessToken({ role: 'admin', is_superuser: true }), 'r1'));

  it('has no card about reports an organisation cannot handle: none names its administrator', async () => {
    const { calls } = mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [] },
    });
    render();
    expect(await screen.findByText('No new access requests at this time.')).toBeInTheDocument();
    expect(screen.queryByText(/waiting for another administrator/i)).toBeNull();
    expect(screen.queryByText(/only administrator/i)).toBeNull();
    expect(calls.map((call) => call.key).filter((key) => key.includes('/waiting/'))).toEqual([]);
  });

  it('lists pending requests with username, justification and submitted time', async () => {
    mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [request(1, 'ada'), request(2, null)] },
    });
    render();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Superuser Dashboard' }),
    ).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'ada' });
    expect(first).toHaveTextContent('Justification 1');
    expect(
      within(first)
        .getByText(/Submitted/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', '2025-05-01T10:00:00.000Z');
    expect(within(first).getByText('Educational Institution')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'No account yet' })).toBeInTheDocument();
  });

  it('says what approving grants, for an individual and for an organization', async () => {
    mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': {
        body: [request(1, 'ada'), request(2, 'bo', { request_type: 'individual' })],
      },
    });
    render();
    const organization = await screen.findByRole('article', { name: 'ada' });
    expect(
      within(organization).getByRole('button', { name: 'Approve ada' }),
    ).toHaveAccessibleDescription(
      'Approving creates School 1 on Candor and makes ada its administrator. They will see the reports its members send to it (not those a member sends to Candor’s administrators instead), reply to their reporters and decide their status, and can give members a join code.',
    );
    const individual = screen.getByRole('article', { name: 'bo' });
    expect(
      within(individual).getByRole('button', { name: 'Approve bo' }),
    ).toHaveAccessibleDescription(
      'Approving makes bo one of Candor’s administrators. They will see every report not sent to an organization, reply to their reporters and decide their status.',
    );
  });

  it("shows the applicant's organization, and no approval for a member applying alone", async () => {
    mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': {
        body: [
          request(1, 'ada', {
            request_type: 'individual',
            organization_type: null,
            organization_name: null,
            applicant_organization: 'Hill School',
          }),
          request(2, 'bob', { applicant_organization: 'Hill School' }),
        ],
      },
    });
    render();
    const member = await screen.findByRole('article', { name: 'ada' });
    expect(within(member).getByText("Applicant's organization")).toBeInTheDocument();
    const approve = within(member).getByRole('button', { name: 'Approve ada' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      /ada is a member of Hill School\. An individual approval would make them its administrator/,
    );
    expect(within(member).getByRole('button', { name: 'Reject ada' })).toBeEnabled();
    // An organisation's own request is decided as usual.
    const organization = screen.getByRole('article', { name: 'bob' });
    expect(within(organization).getByRole('button', { name: 'Approve bob' })).toBeEnabled();
  });

  it('asks to confirm an approval, restating what it does and what the applicant gave', async () => {
    const { calls } = mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [request(1, 'ada'), request(2, 'bob')] },
      'POST /api/accounts/admin-access-review/1/': {
        body: { id: 1, status: 'approved', detail: 'Request approved.' },
      },
    });
    render();
    const user = userEvent.setup();
    const approve = await screen.findByRole('button', { name: 'Approve ada' });
    await user.click(approve);
    const dialog = screen.getByRole('dialog', { name: 'Approve ada?' });
    expect(dialog).toHaveTextContent(
      'Approving creates School 1 on Candor and makes ada its administrator.',
    );
    expect(within(dialog).getByText('Email domain').nextElementSibling).toHaveTextContent(
      'example.org',
    );
    expect(within(dialog).getByText('Phone').nextElementSibling).toHaveTextContent('+1 555 0100');
    expect(within(dialog).getByText('Justification').nextElementSibling).toHaveTextContent(
      'Justification 1',
    );
    expect(calls.map((call) => call.key)).not.toContain(
      'POST /api/accounts/admin-access-review/1/',
    );
    // Not now: nothing is sent, focus returns to the button.
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approve).toHaveFocus();
    expect(calls.map((call) => call.key)).not.toContain(
      'POST /api/accounts/admin-access-review/1/',
    );

    await user.click(approve);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: 'Create the organization and approve',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ada' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'bob' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('status').filter((status) => status.textContent === 'Request approved.'),
    ).toHaveLength(1);
    const decision = calls.find((call) => call.key === 'POST /api/accounts/admin-access-review/1/');
    expect(JSON.parse(String(decision?.init.body))).toEqual({ action: 'approve' });
  });

  it('rejects only with a reason, which is sent with the decision', async () => {
    const { calls } = mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': {
        body: [request(1, 'ada', { request_type: 'individual', organization_name: null })],
      },
      'POST /api/accounts/admin-access-review/1/': {
        body: { id: 1, status: 'rejected', detail: 'Request rejected.' },
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject ada' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the request of ada' });
    const reason = within(dialog).getByLabelText(/Reason for the applicant/);
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Reject and send the reason' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give the applicant the reason for the rejection.',
    );
    expect(calls.map((call) => call.key)).not.toContain(
      'POST /api/accounts/admin-access-review/1/',
    );
    await user.type(reason, '  Please apply from your school address.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject and send the reason' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ada' })).toBeNull());
    const decision = calls.find((call) => call.key === 'POST /api/accounts/admin-access-review/1/');
    expect(JSON.parse(String(decision?.init.body))).toEqual({
      action: 'reject',
      reason: 'Please apply from your school address.',
    });
  });

  it('keeps the request and says so in the dialog when the action fails', async () => {
    mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [request(1, 'ada')] },
      'POST /api/accounts/admin-access-review/1/': { status: 500, body: {} },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject ada' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason for the applicant/), 'No.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject and send the reason' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Action failed. Please try again.',
    );
    expect(screen.getByRole('article', { name: 'ada' })).toBeInTheDocument();
  });

  it('shows the empty and the error texts', async () => {
    mockFetch({ ...overviewCards(), 'GET /api/accounts/admin-access-review/': { body: [] } });
    const { unmount } = render();
    expect(await screen.findByText('No new access requests at this time.')).toBeInTheDocument();
    unmount();
    mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { status: 403, body: {} },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch requests.');
  });

  it('moves between tabs with the arrow keys and shows the contact inbox', async () => {
    const { calls } = mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [] },
      'GET /api/contact/': { body: [contactMessage] },
      'POST /api/contact/9/mark_read/': { body: { ...contactMessage, is_read: true } },
    });
    const { router } = render();
    const user = userEvent.setup();
    const requestsTab = await screen.findByRole('tab', { name: 'Access Requests' });
    expect(requestsTab).toHaveAttribute('aria-selected', 'true');
    requestsTab.focus();
    await user.keyboard('{ArrowRight}');
    const contactTab = screen.getByRole('tab', { name: 'Contact Messages' });
    expect(contactTab).toHaveFocus();
    expect(contactTab).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=contact');
    const panel = screen.getByRole('tabpanel', { name: 'Contact Messages' });
    expect(await within(panel).findByText('When are you open?')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Mark as Read: Opening hours' }));
    await waitFor(() => expect(within(panel).queryByText('Unread')).toBeNull());
    expect(calls.map((call) => call.key)).toContain('POST /api/contact/9/mark_read/');
  });

  it('shows the audit log a page at a time', async () => {
    const entry = (id: number) => ({
      id,
      actor: id === 1 ? 'root' : null,
      actor_role: ({ 1: 'superuser', 2: 'system', 3: 'operator' } as const)[id] ?? 'superuser',
      action: 'access_request.approved',
      object_type: 'access_request',
      object_id: String(id),
      details: { request_type: 'individual' },
      created_at: '2025-05-02T10:00:00.000Z',
    });
    const { fetchMock } = mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [] },
      'GET /api/audit/': { body: { count: 51, results: [entry(1), entry(2), entry(3)] } },
    });
    const auditUrls = () =>
      fetchMock.mock.calls
        .map(([input]) => String(input))
        .filter((url) => url.includes('/api/audit/?'));
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit Log' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('root')).toBeInTheDocument();
    expect(within(table).getByText('System')).toBeInTheDocument();
    expect(within(table).getByText('Operator (command line)')).toBeInTheDocument();
    expect(within(table).getAllByText('request_type: individual')).toHaveLength(3);
    expect(auditUrls()).toEqual(['/api/audit/?limit=50&offset=0']);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(auditUrls()).toContain('/api/audit/?limit=50&offset=50'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled());
  });

  it('lists staff and revokes an administrator after a confirmation', async () => {
    const member = {
      id: 7,
      username: 'hillside_admin',
      scope: 'organization',
      organization_id: 3,
      organization_name: 'Hillside School',
      admin_since: '2026-11-20',
      is_active: true,
      is_superuser: false,
      second_factor: null,
    } satisfies StaffMember;
    const { calls, fetchMock } = mockFetch({
      ...overviewCards(),
      'GET /api/accounts/admin-access-review/': { body: [] },
      'GET /api/staff/': { body: { count: 1, results: [member] } },
      'GET /api/staff/organizations-without-admin/': {
        body: [{ id: 4, name: 'Riverside Club', open_reports: 2 }],
      },
      'POST /api/staff/7/revoke/': { body: { ...member, scope: null, admin_since: null } },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Staff' }));
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /hillside_admin/ });
    expect(row).toHaveTextContent('Hillside School');
    expect(row).toHaveTextContent('Not available');
    expect(row.querySelector('time')).toHaveAttribute('datetime', '2026-11-20');
    const orphans = await screen.findByRole('region', {
      name: 'Organisations without an administrator',
    });
    expect(orphans).toHaveTextContent('Riverside Club');
    expect(orphans).toHaveTextContent('2 open reports');

    await user.click(
      within(row).getByRole('button', { name: 'Revoke administrator access of hillside_admin' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke administrator access' });
    expect(calls.map((call) => call.key)).not.toContain('POST /api/staff/7/revoke/');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText(/done for hillside_admin/)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('POST /api/staff/7/revoke/');

    await user.selectOptions(screen.getByLabelText('Status'), 'deactivated');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/staff/?limit=25&offset=0&status=deactivated',
      ),
    );
  });

  describe('the audit chain card', () => {
    it('says the chain is intact, with its length, head hash and when it was checked', async () => {
      mockFetch({
        ...overviewCards(),
        'GET /api/accounts/admin-access-review/': { body: [] },
        'GET /api/audit/chain/': { body: chain() },
      });
      render();
      const card = await screen.findByRole('region', { name: 'Audit chain' });
      expect(await within(card).findByText('Intact')).toBeInTheDocument();
      expect(card).toHaveTextContent('42 entries chained, none changed or removed.');
      expect(within(card).getByText('a'.repeat(64))).toBeInTheDocument();
      expect(card.querySelector('time')).toHaveAttribute('datetime', '2025-05-03T09:00:00.000Z');
      expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('raises an alert naming the row that was changed, and checks again when asked', async () => {
      let calls = 0;
      mockFetch({
        ...overviewCards(),
        'GET /api/accounts/admin-access-review/': { body: [] },
        'GET /api/audit/chain/': () => {
          calls += 1;
          return {
            body:
              calls === 1
                ? chain({
                    is_intact: false,
                    broken_rows: 1,
                    problem: { id: 17, reason: 'content' },
                    summary:
                      'The audit log was tampered with: row 17 was changed after it was written; 1 row(s) do not check out.',
                  })
                : chain(),
          };
        },
      });
      render();
      const card = await screen.findByRole('region', { name: 'Audit chain' });
      const alert = await within(card).findByRole('alert');
      expect(alert).toHaveTextContent('Tampering detected');
      expect(alert).toHaveTextContent('row 17 was changed after it was written');
      await userEvent.setup().click(within(card).getByRole('button', { name: /Check again/ }));
      expect(await within(card).findByText('Intact')).toBeInTheDocument();
      expect(calls).toBe(2);
    });

    it('says so when the check could not be made', async () => {
      mockFetch({
        ...overviewCards(),
        'GET /api/accounts/admin-access-review/': { body: [] },
        'GET /api/audit/chain/': { status: 500, body: { detail: 'Server error.' } },
      });
      render();
      const card = await screen.findByRole('region', { name: 'Audit chain' });
      expect(await within(card).findByText('Could not check the audit chain.')).toBeInTheDocument();
    });
  });
});
