import type { Analytics } from '@candor/contract/admin';
import type { BulkResult, Tag } from '@candor/contract/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { adminReportFixture } from '@/test/report-fixture';
import { accessToken } from '@/test/tokens';
import { AdminDashboardPage } from './admin-dashboard-page';

const analytics = {
  total_reports: 3,
  reports_by_status: {
    pending: 1,
    under_review: 1,
    resolved: 1,
    rejected: 0,
    cancelled: 0,
    escalated: 0,
  },
  priority_reports_count: 1,
  anonymous_vs_identified_reports: { true: 2, false: 1 },
  reports_by_category: { abuse: 2, corruption: 1, harassment: 0, other: 0 },
  deadlines: {
    acknowledgements_due: 4,
    acknowledged_on_time: 3,
    feedback_due: 2,
    feedback_on_time: 1,
    overdue_now: 1,
    due_soon: 2,
  },
} satisfies Analytics;

const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => tokenStorage.save(accessToken({ role: 'admin' }), 'refresh'));

describe('AdminDashboardPage', () => {
  it('shows the seven cards, the reports with their tags and the workflow buttons', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 3,
          results: [
            adminReportFixture({
              id: 1,
              title: 'Pending one',
              priority_flag: true,
              is_premium_report: true,
            }),
            adminReportFixture({
              id: 2,
              title: 'Reviewing one',
              status: 'under_review',
              request_type: 'organization',
              organization_name: 'Acme',
              organization_type: 'corporate',
              justification: 'We care',
            }),
            adminReportFixture({
              id: 3,
              title: 'Done one',
              status: 'resolved',
              is_anonymous: false,
            }),
          ],
        },
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    expect(screen.getByRole('heading', { name: 'Admin Command Center' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Analytics' });
    for (const label of [
      'Total Reports',
      'Pending Review',
      'Under Review',
      'Resolved',
      'Rejected',
      'Priority Reports',
      'Anonymous Reports',
    ]) {
      expect(within(cards).getByText(label)).toBeInTheDocument();
    }
    expect(await within(cards).findAllByText('1')).not.toHaveLength(0);

    const pending = (await screen.findByRole('heading', { name: 'Pending one' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(pending).getByText('Priority')).toBeInTheDocument();
    expect(within(pending).getByText('Premium')).toBeInTheDocument();
    expect(within(pending).getByText('Anonymous')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Review' })).toBeEnabled();
    expect(within(pending).getByRole('link', { name: 'Manage Pending one' })).toHaveAttribute(
      'href',
      '/reports/1',
    );

    const reviewing = screen
      .getByRole('heading', { name: 'Reviewing one' })
      .closest('li') as HTMLElement;
    expect(within(reviewing).getByRole('button', { name: 'Review' })).toBeDisabled();
    await userEvent.click(within(reviewing).getByRole('button', { name: 'Details' }));
    expect(within(reviewing).getByText('Acme')).toBeInTheDocument();
    expect(within(reviewing).getByText('Corporate Organization')).toBeInTheDocument();
    expect(within(reviewing).getByRole('button', { name: 'Less' })).toBeInTheDocument();

    const done = screen.getByRole('heading', { name: 'Done one' }).closest('li') as HTMLElement;
    expect(within(done).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    expect(within(done).getByText('Final: Resolved')).toBeInTheDocument();
  });

  it('puts what is urgent first: the overdue and due-soon cards lead to their filters, a banner to the overdue ones', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': {
        body: { ...analytics, deadlines: { ...analytics.deadlines, overdue_now: 3 } },
      },
      'GET /api/admin/reports/': { body: { count: 0, results: [] } },
    });
    const { router } = renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    const cards = screen.getByRole('list', { name: 'Analytics' });
    const overdue = await within(cards).findByRole('link', { name: /Overdue now\s*3/ });
    expect(overdue).toHaveAttribute('href', '/admin-dashboard?overdue=true');
    const soon = within(cards).getByRole('link', { name: /Due in 2 days\s*2/ });
    expect(soon).toHaveAttribute('href', '/admin-dashboard?due_soon=true');
    // The urgent cards come first.
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Overdue now');

    const banner = screen
      .getByText(/3 reports are overdue/)
      .closest('[role="status"]') as HTMLElement;
    const toOverdue = within(banner).getByRole('link', {
      name: 'Show the overdue reports, next deadline first',
    });
    expect(toOverdue).toHaveAttribute('href', '/admin-dashboard?order=deadline&overdue=true');

    // The due-soon card: the filter in the address and the request, the list in its default order.
    await userEvent.click(soon);
    await waitFor(() => expect(router.state.location.search).toBe('?due_soon=true'));
    expect(screen.getByRole('checkbox', { name: /Due in 2 days only/ })).toBeChecked();
    const asked = () =>
      calls
        .filter((call) => call.key === 'GET /api/admin/reports/')
        .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        due_soon: 'true',
        order: 'newest',
        limit: '25',
        offset: '0',
      }),
    );
    await userEvent.click(toOverdue);
    await waitFor(() => expect(router.state.location.search).toBe('?order=deadline&overdue=true'));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        overdue: 'true',
        order: 'deadline',
        limit: '25',
        offset: '0',
      }),
    );
  });

  it('shows no overdue banner when nothing is overdue', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': {
        body: { ...analytics, deadlines: { ...analytics.deadlines, overdue_now: 0 } },
      },
      'GET /api/admin/reports/': { body: { count: 0, results: [] } },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    const cards = screen.getByRole('list', { name: 'Analytics' });
    expect(await within(cards).findByRole('link', { name: /Overdue now\s*0/ })).toBeInTheDocument();
    expect(screen.queryByText(/overdue: a legal deadline has passed/)).toBeNull();
  });

  it('searches once the typing pauses, not on every key', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': { body: { count: 0, results: [] } },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    await userEvent.type(await screen.findByLabelText('Search'), 'bribes');
    const searches = () =>
      calls
        .filter((call) => call.key === 'GET /api/admin/reports/')
        .map((call) => new URL(call.url, 'http://localhost').searchParams.get('q'))
        .filter((q) => q !== null);
    await waitFor(() => expect(searches()).toEqual(['bribes']));
  });

  it('shows the spec’s texts when nothing matches and when loading fails', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { status: 500, body: { detail: 'x' } },
      'GET /api/admin/reports/': { body: { count: 0, results: [] } },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    expect(await screen.findByText('No reports found matching your criteria')).toBeInTheDocument();
    expect((await screen.findAllByText('Analytics data unavailable')).length).toBeGreaterThan(0);
  });

  it('says when the reports cannot be loaded and when a status update fails', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': { status: 403, body: { detail: 'no' } },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    expect(
      await screen.findByText(
        'Could not load reports. Please ensure you are logged in as an admin.',
      ),
    ).toBeInTheDocument();
  });

  it('reports a refused status change with the server’s detail', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: { count: 1, results: [adminReportFixture({ id: 5, title: 'Five' })] },
      },
      'PATCH /api/admin/reports/5/update/': {
        status: 400,
        body: { detail: 'This report is cancelled.' },
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this report' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Action taken' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve and send' }));
    expect(
      await within(dialog).findByText(
        'Failed to update report status. Error: This report is cancelled.',
      ),
    ).toBeInTheDocument();
    // The message is still there to send again.
    expect(within(dialog).getByLabelText('Message to the reporter')).not.toHaveValue('');
  });

  it('shows a report another administrator handles like any other, and says so when its action is refused', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: { count: 1, results: [adminReportFixture({ id: 6, title: 'Six' })] },
      },
      'PATCH /api/admin/reports/6/update/': {
        status: 403,
        body: { detail: 'Another administrator handles this report.' },
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(
      await screen.findByText(
        'Failed to update report status. Error: Another administrator handles this report.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for a message to the reporter before resolving or rejecting, and sends it with the decision', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: { count: 1, results: [adminReportFixture({ id: 5, title: 'Five' })] },
      },
      'PATCH /api/admin/reports/5/update/': {
        body: adminReportFixture({ id: 5, title: 'Five', status: 'rejected' }),
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this report' });
    const box = within(dialog).getByLabelText('Message to the reporter');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject and send' }));
    // The form is checked asynchronously (lib/forms/contract-resolver.ts).
    const summary = await within(dialog).findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('Message to the reporter: This field is required.');
    expect(box).toHaveAccessibleDescription(/This field is required\./);
    expect(calls.filter((call) => call.key.startsWith('PATCH'))).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Not enough detail' }));
    expect((box as HTMLTextAreaElement).value).toContain('does not give us enough detail');
    await userEvent.type(box, ' Thank you.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject and send' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.key.startsWith('PATCH'))).toHaveLength(1),
    );
    const patch = calls.find((call) => call.key.startsWith('PATCH'));
    const body = JSON.parse(String(patch?.init.body));
    expect(body.status).toBe('rejected');
    expect(body.message).toMatch(/enough detail.* Thank you\.$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows who has each case, and keeps the view of cases in the address', async () => {
    const { fetchMock } = mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 2,
          results: [
            adminReportFixture({ id: 1, title: 'One', assigned_to: { id: 4, username: 'ana' } }),
            adminReportFixture({ id: 2, title: 'Two' }),
          ],
        },
      },
    });
    const { router } = renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    expect(await screen.findByText('Assigned to ana')).toBeInTheDocument();
    expect(screen.getByText('Unassigned', { selector: 'span' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Cases'), 'me');
    await waitFor(() => expect(router.state.location.search).toBe('?assigned=me'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map(([input]) => String(input))
          .filter((u) => u.includes('assigned=me')),
      ).toHaveLength(1),
    );
  });

  it('keeps search, filters, sort and page in the address, and focuses the new page', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 30,
          results: [adminReportFixture({ id: 7, title: 'Seven', priority_flag: true })],
        },
      },
    });
    const { router } = renderPage(<AdminDashboardPage />, {
      path: '/admin-dashboard',
      route: '/admin-dashboard?q=ledger&status=pending&priority=true&order=oldest',
      extraRoutes: [{ path: '/reports/:id', element: <p>report page</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'Seven' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('ledger');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText('Priority')).toHaveValue('true');
    expect(screen.getByLabelText('Sort')).toHaveValue('oldest');
    const asked = () =>
      calls
        .filter((call) => call.key === 'GET /api/admin/reports/')
        .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
    expect(asked()[0]).toEqual({
      q: 'ledger',
      status: 'pending',
      priority: 'true',
      order: 'oldest',
      limit: '25',
      offset: '0',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=ledger&status=pending&priority=true&order=oldest&page=2',
      ),
    );
    const heading = await screen.findByRole('heading', { name: 'Reports, page 2 of 2' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(asked().at(-1)).toMatchObject({ offset: '25' });

    // A new filter starts again from the first page; the manage link carries the list's address.
    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'false');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=ledger&status=pending&priority=false&order=oldest',
      ),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Manage Seven' }));
    await screen.findByText('report page');
    expect(router.state.location.state).toEqual({
      fromList: '/admin-dashboard?q=ledger&status=pending&priority=false&order=oldest',
    });
  });

  it('puts what is typed in the search box into the address once typing pauses', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': { body: { count: 0, results: [] } },
    });
    const { router } = renderPage(<AdminDashboardPage />, {
      path: '/admin-dashboard',
      route: '/admin-dashboard?page=3',
    });
    await userEvent.type(await screen.findByLabelText('Search'), 'CND-7K3Q');
    await waitFor(() => expect(router.state.location.search).toBe('?q=CND-7K3Q'));
  });

  it('marks reports with messages from the reporter this admin has not read', async () => {
    mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 2,
          results: [
            adminReportFixture({ id: 8, title: 'Talking', unread_from_reporter: 2 }),
            adminReportFixture({ id: 9, title: 'Quiet' }),
          ],
        },
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    const talking = (await screen.findByRole('heading', { name: 'Talking' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(talking).getByText('2 new messages from the reporter')).toBeInTheDocument();
    const quiet = screen.getByRole('heading', { name: 'Quiet' }).closest('li') as HTMLElement;
    expect(within(quiet).queryByText(/new message/)).toBeNull();
  });

  it('shows each report’s next deadline, filters the overdue ones, sorts by deadline and exports them', async () => {
    const now = Date.now();
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 3,
          results: [
            adminReportFixture({
              id: 11,
              title: 'Soon due',
              acknowledge_by: new Date(now + 1.5 * DAY).toISOString(),
            }),
            adminReportFixture({
              id: 12,
              title: 'Late feedback',
              acknowledge_by: new Date(now - 90 * DAY).toISOString(),
              acknowledged_at: new Date(now - 91 * DAY).toISOString(),
              feedback_by: new Date(now - 5.5 * DAY).toISOString(),
            }),
            adminReportFixture({
              id: 13,
              title: 'All met',
              status: 'resolved',
              acknowledged_at: new Date(now - DAY).toISOString(),
              feedback_at: new Date(now).toISOString(),
            }),
          ],
        },
      },
      'GET /api/admin/reports/export.csv': { body: 'reference,title' },
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const { router } = renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    const card = async (title: string) =>
      (await screen.findByRole('heading', { name: title })).closest('li') as HTMLElement;
    expect(within(await card('Soon due')).getByText('Acknowledge in 2 days')).toBeInTheDocument();
    expect(
      within(await card('Late feedback')).getByText('Feedback overdue 5 days'),
    ).toBeInTheDocument();
    expect(within(await card('All met')).queryByText(/acknowledge|feedback/i)).toBeNull();

    // The legal clock's cards: the share met in time over the last 12 months.
    const cards = screen.getByRole('list', { name: 'Analytics' });
    const acknowledged = within(cards)
      .getByText('Acknowledged in time')
      .closest('li') as HTMLElement;
    expect(acknowledged).toHaveTextContent('75%');
    expect(acknowledged).toHaveTextContent('3 of 4, last 12 months');
    const feedback = within(cards).getByText('Feedback in time').closest('li') as HTMLElement;
    expect(feedback).toHaveTextContent('50%');

    const asked = () =>
      calls
        .filter((call) => call.key === 'GET /api/admin/reports/')
        .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
    await userEvent.click(screen.getByRole('checkbox', { name: /Overdue only/ }));
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'deadline');
    await waitFor(() => expect(router.state.location.search).toBe('?order=deadline&overdue=true'));
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        order: 'deadline',
        overdue: 'true',
        limit: '25',
        offset: '0',
      }),
    );

    // The export carries the list's filters, and the descriptions when asked for.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include descriptions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((call) => call.key === 'GET /api/admin/reports/export.csv');
    expect(
      Object.fromEntries(new URL(exported?.url ?? '', 'http://localhost').searchParams),
    ).toEqual({ order: 'deadline', overdue: 'true', description: 'true' });
  });

  it('tags the ticked reports of a page at once, and lists those that failed with why', async () => {
    const tag = { id: 5, name: 'Week 12', colour: 'green' } satisfies Tag;
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [tag] },
      'GET /api/admin/handlers/': { body: [{ id: 4, username: 'ana' }] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 3,
          results: [
            adminReportFixture({ id: 1, title: 'One', tags: [tag] }),
            adminReportFixture({ id: 2, title: 'Two', token: 'CND-AAAA-BBBB-CCCC' }),
            adminReportFixture({ id: 3, title: 'Three' }),
          ],
        },
      },
      'POST /api/admin/reports/bulk/': {
        body: {
          results: [
            { id: 1, ok: true, error: null },
            { id: 2, ok: false, error: 'Another administrator handles this report.' },
            { id: 3, ok: true, error: null },
          ],
        } satisfies BulkResult,
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    // Each report shows its tags.
    expect(await screen.findByText('Week 12', { selector: 'bdi' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 3 on this page' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('Action'), 'tag:5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 3 reports' }));

    const outcome = await screen.findByTestId('bulk-outcome');
    expect(outcome).toHaveTextContent('Done for 2 of 3 reports. 1 failed:');
    const failed = within(outcome).getByRole('list', { name: 'Failed reports' });
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Two (CND-AAAA-BBBB-CCCC): Another administrator handles this report.']);
    const sent = calls.find((call) => call.key === 'POST /api/admin/reports/bulk/');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      ids: [1, 2, 3],
      action: { kind: 'tag', tag_id: 5 },
    });
    expect(screen.getByText('None selected')).toBeInTheDocument();
  });

  it('filters by one of the scope’s tags, kept in the address', async () => {
    const tag = { id: 5, name: 'Week 12', colour: 'green' } satisfies Tag;
    const { calls } = mockFetch({
      'GET /api/admin/tags/': { body: [tag] },
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': { body: { count: 1, results: [adminReportFixture({ id: 1 })] } },
    });
    const { router } = renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    expect(await screen.findByRole('option', { name: 'Week 12' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Tag'), '5');
    await waitFor(() => expect(router.state.location.search).toBe('?tag=5'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('tag=5'))).toBe(true));
  });
});
