import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { reportFixture } from '@/test/report-fixture';
import { accessToken } from '@/test/tokens';
import { ReportRoute } from './report-route';

const decided = 'Thank you. The rail was fixed on Monday.';

describe('ReportRoute for an administrator', () => {
  beforeEach(() => tokenStorage.save(accessToken({ role: 'admin' }), 'refresh'));

  it('leads back to the list as it was, and resolves with a message to the reporter', async () => {
    let resolved = false;
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': () => ({
        body: reportFixture(resolved ? { status: 'resolved' } : {}),
      }),
      // The assignment panel: the list's view of the report, and the scope's handlers.
      'GET /api/admin/reports/41/': () => ({
        body: {
          ...reportFixture(resolved ? { status: 'resolved' } : {}),
          unread_from_reporter: false,
          assigned_to: null,
        },
      }),
      'GET /api/admin/handlers/': { body: [{ id: 2, username: 'case_handler' }] },
      'GET /api/reports/41/comments/': () => ({
        body: resolved
          ? [
              {
                id: 9,
                message: decided,
                sent_at: '2026-11-21T10:00:00Z',
                is_internal: false,
                is_sender_admin: true,
                is_current_user_sender: true,
                display_sender_name: 'case_handler',
              },
            ]
          : [],
      }),
      'PATCH /api/admin/reports/41/update/': () => {
        resolved = true;
        return { body: reportFixture({ status: 'resolved' }) };
      },
    });
    renderPage(<ReportRoute />, {
      path: '/reports/:reportId',
      route: '/reports/41',
      state: { fromList: '/admin-dashboard?status=pending&page=2' },
    });
    expect(await screen.findByRole('link', { name: '← Back to reports' })).toHaveAttribute(
      'href',
      '/admin-dashboard?status=pending&page=2',
    );
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'Review' })).toBeEnabled();
    await userEvent.click(within(status).getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve this report' });
    await userEvent.type(within(dialog).getByLabelText('Message to the reporter'), decided);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve and send' }));

    expect(await within(status).findByText('Final: Resolved')).toBeInTheDocument();
    expect(await screen.findByText(decided)).toBeInTheDocument();
    const patch = calls.find((call) => call.key === 'PATCH /api/admin/reports/41/update/');
    expect(JSON.parse(String(patch?.init.body))).toEqual({ status: 'resolved', message: decided });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leads back to the dashboard when the report was not opened from the list', async () => {
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture({ status: 'under_review' }) },
      'GET /api/reports/41/comments/': { body: [] },
      'GET /api/admin/reports/41/': {
        body: {
          ...reportFixture({ status: 'under_review' }),
          unread_from_reporter: false,
          assigned_to: null,
        },
      },
      'GET /api/admin/handlers/': { body: [{ id: 2, username: 'case_handler' }] },
    });
    renderPage(<ReportRoute />, { path: '/reports/:reportId', route: '/reports/41' });
    expect(await screen.findByRole('link', { name: '← Back to reports' })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'Review' })).toBeDisabled();
  });
});
