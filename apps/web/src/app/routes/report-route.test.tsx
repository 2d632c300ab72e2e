import type { Report } from '@candor/contract/reports';
import type { RelatedReport, Tag } from '@candor/contract/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_SUCH_REPORT } from '@/features/admin/components/related-reports-panel';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { adminReportFixture, reportFixture } from '@/test/report-fixture';
import { accessToken } from '@/test/tokens';
import { ReportRoute } from './report-route';

const decided = 'Thank you. The rail was fixed on Monday.';

/**
 * The calls of the administrator's panels beside report 41: the list's view of the report (as
 * `report` gives it when asked), the scope's handlers, its tags and the related reports.
 */
const adminPanels = (report: () => Report) => ({
  'GET /api/admin/reports/41/': () => ({
    body: { ...report(), unread_from_reporter: false, assigned_to: null, tags: [] },
  }),
  'GET /api/admin/handlers/': { body: [{ id: 2, username: 'case_handler' }] },
  'GET /api/admin/tags/': { body: [] },
  'GET /api/admin/reports/41/related/': { body: [] },
});

describe('ReportRoute for an administrator', () => {
  beforeEach(() => tokenStorage.save(accessToken({ role: 'admin' }), 'refresh'));

  it('leads back to the list as it was, and resolves with a message to the reporter', async () => {
    let resolved = false;
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': () => ({
        body: reportFixture(resolved ? { status: 'resolved' } : {}),
      }),
      ...adminPanels(() => reportFixture(resolved ? { status: 'resolved' } : {})),
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
      ...adminPanels(() => reportFixture({ status: 'under_review' })),
    });
    renderPage(<ReportRoute />, { path: '/reports/:reportId', route: '/reports/41' });
    expect(await screen.findByRole('link', { name: '← Back to reports' })).toHaveAttribute(
      'href',
      '/admin-dashboard',
    );
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByRole('button', { name: 'Review' })).toBeDisabled();
  });

  it('ticks a tag and relates another report by its reference: both saved at once', async () => {
    const tag = { id: 5, name: 'Same incident', colour: 'red' } satisfies Tag;
    let carried: Tag[] = [];
    let related: RelatedReport[] = [];
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
      'GET /api/admin/reports/41/': () => ({ body: adminReportFixture({ tags: carried }) }),
      'GET /api/admin/handlers/': { body: [] },
      'GET /api/admin/tags/': { body: [tag] },
      'PUT /api/admin/reports/41/tags/': () => {
        carried = [tag];
        return { body: carried };
      },
      'GET /api/admin/reports/41/related/': () => ({ body: related }),
      'POST /api/admin/reports/41/related/': () => {
        related = [{ id: 42, reference: 'CND-7K3Q-9XW2-M4TD', title: 'Twice', status: 'pending' }];
        return { body: related };
      },
    });
    renderPage(<ReportRoute />, { path: '/reports/:reportId', route: '/reports/41' });
    const tags = await screen.findByRole('region', { name: 'Tags' });
    await userEvent.click(await within(tags).findByRole('checkbox', { name: 'Same incident' }));
    await waitFor(() =>
      expect(within(tags).getByRole('checkbox', { name: 'Same incident' })).toBeChecked(),
    );
    const put = calls.find((call) => call.key === 'PUT /api/admin/reports/41/tags/');
    expect(JSON.parse(String(put?.init.body))).toEqual({ tag_ids: [5] });

    const panel = screen.getByRole('region', { name: 'Related reports' });
    expect(await within(panel).findByText('No related reports.')).toBeInTheDocument();
    await userEvent.type(
      within(panel).getByLabelText('Reference number of a related report'),
      'cnd7k3q9xw2m4td',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Relate' }));
    expect(await within(panel).findByRole('link', { name: /Twice/ })).toHaveAttribute(
      'href',
      '/reports/42',
    );
    const post = calls.find((call) => call.key === 'POST /api/admin/reports/41/related/');
    expect(JSON.parse(String(post?.init.body))).toEqual({ reference: 'cnd7k3q9xw2m4td' });
  });

  it('says so when the reference names no report the handler may read', async () => {
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
      'GET /api/admin/reports/41/': { body: adminReportFixture() },
      'GET /api/admin/handlers/': { body: [] },
      'GET /api/admin/tags/': { body: [] },
      'GET /api/admin/reports/41/related/': { body: [] },
      'POST /api/admin/reports/41/related/': { status: 404, body: { detail: 'Not found.' } },
    });
    renderPage(<ReportRoute />, { path: '/reports/:reportId', route: '/reports/41' });
    const panel = await screen.findByRole('region', { name: 'Related reports' });
    await userEvent.type(
      within(panel).getByLabelText('Reference number of a related report'),
      'CND-0000-0000-0000',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Relate' }));
    expect(await within(panel).findByText(NO_SUCH_REPORT)).toBeInTheDocument();
  });
});
