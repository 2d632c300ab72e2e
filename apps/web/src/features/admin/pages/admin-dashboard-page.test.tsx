import type { Analytics } from '@candor/contract/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { reportFixture } from '@/test/report-fixture';
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
} satisfies Analytics;

beforeEach(() => tokenStorage.save(accessToken({ role: 'admin' }), 'refresh'));

describe('AdminDashboardPage', () => {
  it('shows the seven cards, the reports with their tags and the workflow buttons', async () => {
    mockFetch({
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: {
          count: 3,
          results: [
            reportFixture({
              id: 1,
              title: 'Pending one',
              priority_flag: true,
              is_premium_report: true,
            }),
            reportFixture({
              id: 2,
              title: 'Reviewing one',
              status: 'under_review',
              request_type: 'organization',
              organization_name: 'Acme',
              organization_type: 'corporate',
              justification: 'We care',
            }),
            reportFixture({ id: 3, title: 'Done one', status: 'resolved', is_anonymous: false }),
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
    expect(within(pending).getByRole('link', { name: 'Manage' })).toHaveAttribute(
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

  it('searches once the typing pauses, not on every key', async () => {
    const { calls } = mockFetch({
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
      'GET /api/admin/analytics/': { status: 500, body: { detail: 'x' } },
      'GET /api/admin/reports/': { body: { count: 0, results: [] } },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    expect(await screen.findByText('No reports found matching your criteria')).toBeInTheDocument();
    expect((await screen.findAllByText('Analytics data unavailable')).length).toBeGreaterThan(0);
  });

  it('says when the reports cannot be loaded and when a status update fails', async () => {
    mockFetch({
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
      'GET /api/admin/analytics/': { body: analytics },
      'GET /api/admin/reports/': {
        body: { count: 1, results: [reportFixture({ id: 5, title: 'Five' })] },
      },
      'PATCH /api/admin/reports/5/update/': {
        status: 400,
        body: { detail: 'This report is cancelled.' },
      },
    });
    renderPage(<AdminDashboardPage />, { path: '/admin-dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    expect(
      await screen.findByText('Failed to update report status. Error: This report is cancelled.'),
    ).toBeInTheDocument();
  });
});
