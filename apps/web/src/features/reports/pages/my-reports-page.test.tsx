import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { reportFixture } from '@/test/report-fixture';
import { accessToken } from '@/test/tokens';
import { MyReportsPage } from './my-reports-page';

beforeEach(() => tokenStorage.save(accessToken(), 'refresh'));

describe('MyReportsPage', () => {
  it('lists reports newest first with status, submitter and priority tag', async () => {
    mockFetch({
      'GET /api/reports/': {
        body: [
          reportFixture({ id: 1, title: 'Older', submitted_at: '2026-01-01T00:00:00Z' }),
          reportFixture({
            id: 2,
            title: 'Newer',
            submitted_at: '2026-02-01T00:00:00Z',
            is_anonymous: false,
            submitted_by_username: 'ada',
            priority_flag: true,
            status: 'under_review',
          }),
        ],
      },
    });
    renderPage(<MyReportsPage />, { path: '/my-reports' });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Newer', 'Older']);
    expect(screen.getByText('Submitted By: ada')).toBeInTheDocument();
    expect(screen.getByText('Submitted By: Anonymous')).toBeInTheDocument();
    expect(screen.getByText('Priority')).toBeInTheDocument();
    expect(screen.getByText('Under Review')).toBeInTheDocument();
  });

  it('says on each report when acknowledgement and feedback came, and whether on time', async () => {
    mockFetch({
      'GET /api/reports/': {
        body: [
          reportFixture({
            id: 3,
            title: 'Answered',
            status: 'resolved',
            acknowledge_by: '2026-11-27T12:00:00.000Z',
            acknowledged_at: '2026-11-21T12:00:00.000Z',
            feedback_by: '2027-02-21T12:00:00.000Z',
            feedback_at: '2027-03-01T12:00:00.000Z',
          }),
        ],
      },
    });
    renderPage(<MyReportsPage />, { path: '/my-reports' });
    const item = (await screen.findByRole('heading', { name: 'Answered' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(item).getByText('Acknowledged on 21 November 2026, on time')).toBeInTheDocument();
    expect(
      within(item).getByText(
        'Feedback given on 1 March 2027, late (it was due by 21 February 2027)',
      ),
    ).toBeInTheDocument();
  });

  it('offers to submit a first report when there are none', async () => {
    mockFetch({ 'GET /api/reports/': { body: [] } });
    renderPage(<MyReportsPage />, { path: '/my-reports' });
    expect(await screen.findByRole('link', { name: 'Submit a New Report' })).toHaveAttribute(
      'href',
      '/submit-report',
    );
  });

  it('shows the spec’s text when the list cannot be loaded', async () => {
    mockFetch({ 'GET /api/reports/': { status: 500, body: { detail: 'x' } } });
    renderPage(<MyReportsPage />, { path: '/my-reports' });
    expect(
      await screen.findByText('Failed to fetch your reports. Please try again.'),
    ).toBeInTheDocument();
  });

  it('opens a report with Back, Cancel and Delete, and asks before cancelling', async () => {
    mockFetch({
      'GET /api/reports/': { body: [reportFixture()] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
      'POST /api/reports/41/cancel/': { body: reportFixture({ status: 'cancelled' }) },
    });
    renderPage(<MyReportsPage />, { path: '/my-reports', route: '/my-reports?report=41' });
    expect(await screen.findByRole('heading', { name: 'Unsafe scaffolding' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '← Back to My Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export Certificate' })).not.toBeInTheDocument();
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Report' }));
    expect(
      screen.getByText(
        'Are you sure you want to cancel this report? This action cannot be undone if the report status changes.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Cancel Report' }).at(-1) as HTMLElement,
    );
    expect(await screen.findByText('Report cancelled successfully!')).toBeInTheDocument();
  });

  it('offers the certificate only for a resolved report', async () => {
    mockFetch({
      'GET /api/reports/': { body: [reportFixture()] },
      'GET /api/reports/41/': { body: reportFixture({ status: 'resolved' }) },
      'GET /api/reports/41/comments/': { body: [] },
    });
    renderPage(<MyReportsPage />, { path: '/my-reports', route: '/my-reports?report=41' });
    expect(await screen.findByRole('button', { name: 'Export Certificate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Report' })).not.toBeInTheDocument();
  });

  it("leaves the report's title off the certificate unless the reporter ticks it", async () => {
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [reportFixture()] },
      'GET /api/reports/41/': { body: reportFixture({ status: 'resolved' }) },
      'GET /api/reports/41/comments/': { body: [] },
      'GET /api/reports/reports/41/certificate/': { body: {} },
    });
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:x', configurable: true });
    renderPage(<MyReportsPage />, { path: '/my-reports', route: '/my-reports?report=41' });
    const choice = await screen.findByRole('checkbox', {
      name: "Print the report's title on the certificate",
    });
    expect(choice).not.toBeChecked();
    const certificateCalls = () =>
      calls.filter((call) => call.key.endsWith('/certificate/')).map((call) => call.url);
    await userEvent.click(screen.getByRole('button', { name: 'Export Certificate' }));
    expect(await screen.findByText('Certificate downloaded successfully!')).toBeInTheDocument();
    expect(certificateCalls()).toEqual(['/api/reports/reports/41/certificate/']);
    await userEvent.click(choice);
    await userEvent.click(screen.getByRole('button', { name: 'Export Certificate' }));
    await waitFor(() => expect(certificateCalls()).toHaveLength(2));
    expect(certificateCalls()[1]).toBe('/api/reports/reports/41/certificate/?title=true');
  });
});
