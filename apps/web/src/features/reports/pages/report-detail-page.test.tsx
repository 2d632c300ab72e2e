import type { ReportMessage } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { mockFetch, renderPage } from '@/test/render';
import { reportFixture } from '@/test/report-fixture';
import { accessToken } from '@/test/tokens';
import { MyReportsPage } from './my-reports-page';
import { ReportDetailPage } from './report-detail-page';

const message = {
  id: 1,
  message: 'We are looking into it.',
  sent_at: '2026-11-20T11:00:00Z',
  is_internal: false,
  is_sender_admin: true,
  is_current_user_sender: false,
  display_sender_name: 'case_handler',
  is_feedback: false,
  voice: null,
} satisfies ReportMessage;

describe('ReportDetailPage', () => {
  it('shows the overview, the thread, and a Send button disabled for blank text', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': {
        body: reportFixture({
          file_upload: '/api/reports/41/evidence/?expires=1&signature=x',
          file_kind: 'video',
        }),
      },
      'GET /api/reports/41/comments/': { body: [message] },
      'POST /api/reports/41/comments/': {
        status: 201,
        body: {
          ...message,
          id: 2,
          message: 'Thanks',
          is_sender_admin: false,
          is_current_user_sender: true,
        },
      },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    expect(await screen.findByRole('heading', { name: 'Unsafe scaffolding' })).toBeInTheDocument();
    expect(screen.getByText('CND-7K3Q-9XW2-M4TD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View File' })).toHaveAttribute(
      'href',
      expect.stringContaining('/evidence/'),
    );
    expect(await screen.findByText('We are looking into it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Internal note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add internal note' })).toBeNull();
    const send = screen.getByRole('button', { name: 'Send Message' });
    expect(send).toBeDisabled();
    const box = screen.getByLabelText('Your message');
    expect(box).toHaveAttribute('rows', '3');
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(box, 'Thanks');
    await userEvent.click(send);
    expect(box).toHaveValue('');
    // Focus moves to the message just sent, so a screen reader reads what arrived.
    const sent = await screen.findByText('Thanks');
    await waitFor(() => expect(sent.closest('li')).toHaveFocus());
    expect(document.title).toBe('Report details · Candor');
  });

  it('gives a message that failed to send back to its writer', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
      'POST /api/reports/41/comments/': { status: 503, body: { detail: 'Try later.' } },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    const box = await screen.findByLabelText('Internal note');
    await userEvent.type(box, 'Check the rota');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    const failure = await screen.findByText('Failed to send message. Please try again.');
    expect(failure.closest('[role="alert"]')).toHaveFocus();
    expect(box).toHaveValue('Check the rota');
  });

  it('shows an administrator their own report as its reporter: no internal notes, no admin tools', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [reportFixture()] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [message] },
    });
    renderPage(
      <ReportDetailPage
        adminActions={() => <p>Status actions</p>}
        adminBackLink={<p>Back to reports</p>}
      />,
      { path: '/reports/:reportId', route: '/reports/41' },
    );
    expect(await screen.findByRole('link', { name: /Back to My Reports/ })).toBeInTheDocument();
    expect(await screen.findByText('We are looking into it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Report' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Internal note')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Internal notes' })).toBeNull();
    expect(screen.queryByText('Status actions')).toBeNull();
    expect(screen.queryByText('Back to reports')).toBeNull();
    expect(screen.queryByLabelText('Reply to reporter')).toBeNull();
  });

  it('gives admins "Reply to reporter" and "Add internal note" as two actions, notes shown apart', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': {
        body: [
          message,
          { ...message, id: 2, message: 'Rota checked: he was on shift.', is_internal: true },
        ],
      },
      'POST /api/reports/41/comments/': (init) => {
        const input = JSON.parse(String(init.body));
        return {
          status: 201,
          body: { ...message, id: 3, message: input.message, is_internal: input.is_internal },
        };
      },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    const thread = await screen.findByRole('list', { name: 'Messages' });
    const notes = await screen.findByRole('list', { name: 'Internal notes' });
    expect(within(thread).getByText('We are looking into it.')).toBeInTheDocument();
    expect(within(thread).queryByText('Rota checked: he was on shift.')).toBeNull();
    expect(within(notes).getByText('Rota checked: he was on shift.')).toBeInTheDocument();
    expect(within(notes).getByText('Internal note')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Internal notes' })).toHaveTextContent(
      'Only administrators see internal notes.',
    );

    await userEvent.type(screen.getByLabelText('Reply to reporter'), 'Can you name the date?');
    await userEvent.click(screen.getByRole('button', { name: 'Reply to reporter' }));
    await userEvent.type(screen.getByLabelText('Internal note'), 'Ask HR for the rota.');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.key === 'POST /api/reports/41/comments/')
          .map((call) => JSON.parse(String(call.init.body))),
      ).toEqual([
        { message: 'Can you name the date?', is_internal: false },
        { message: 'Ask HR for the rota.', is_internal: true },
      ]),
    );
  });

  it('lets admins mark a reply as feedback, tagged in the thread, and reloads the report’s dates', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
      'POST /api/reports/41/comments/': (init) => {
        const input = JSON.parse(String(init.body));
        return {
          status: 201,
          body: {
            ...message,
            id: 3,
            message: input.message,
            is_feedback: input.is_feedback === true,
          },
        };
      },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    const feedback = await screen.findByRole('checkbox', { name: 'Mark as feedback' });
    await userEvent.click(feedback);
    await userEvent.type(
      screen.getByLabelText('Reply to reporter'),
      'We spoke to the site manager.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reply to reporter' }));
    const thread = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(thread).findByText('Feedback')).toBeInTheDocument();
    // The box is cleared for the next reply, and the report is read again for its new dates.
    expect(feedback).not.toBeChecked();
    const posted = calls
      .filter((call) => call.key === 'POST /api/reports/41/comments/')
      .map((call) => JSON.parse(String(call.init.body)));
    expect(posted).toEqual([
      { message: 'We spoke to the site manager.', is_internal: false, is_feedback: true },
    ]);
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /api/reports/41/')).toHaveLength(2),
    );
    // Administrators have the report's clock in their own tools, not the reporter's words.
    expect(screen.queryByRole('region', { name: 'What to expect' })).toBeNull();
  });

  it('tells its reporter when to expect acknowledgement and feedback', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': {
        body: reportFixture({
          acknowledge_by: '2026-11-27T10:00:00.000Z',
          acknowledged_at: '2026-11-21T09:00:00.000Z',
          feedback_by: '2027-02-21T09:00:00.000Z',
          status: 'under_review',
        }),
      },
      'GET /api/reports/41/comments/': { body: [] },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    const expectations = await screen.findByRole('region', { name: 'What to expect' });
    expect(expectations).toHaveTextContent(/Acknowledged on 2\d November 2026, on time/);
    expect(expectations).toHaveTextContent(/Feedback (expected by|given on) \d+ February 2027/);
  });

  it('reads the bell’s count again once the report is opened (its notices are read then)', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    let opened = false;
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': () => {
        opened = true;
        return { body: reportFixture() };
      },
      'GET /api/reports/41/comments/': { body: [] },
      'GET /api/notifications/unread_count/': () => ({ body: { count: opened ? 1 : 2 } }),
    });
    // The bell's count, under its query key, as the layout shows it beside the page.
    function UnreadCount() {
      const count = useQuery({
        queryKey: ['notifications', 'unread-count'],
        queryFn: () =>
          fetch('/api/notifications/unread_count/').then(
            (answer) => answer.json() as Promise<{ count: number }>,
          ),
      });
      return <output aria-label="Unread">{count.data?.count ?? ''}</output>;
    }
    renderPage(
      <>
        <UnreadCount />
        <ReportDetailPage />
      </>,
      { path: '/reports/:reportId', route: '/reports/41' },
    );
    expect(await screen.findByRole('heading', { name: 'Unsafe scaffolding' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Unread')).toHaveTextContent('1'));
    const keys = calls.map((call) => call.key);
    expect(keys.lastIndexOf('GET /api/notifications/unread_count/')).toBeGreaterThan(
      keys.indexOf('GET /api/reports/41/'),
    );
  });

  it('says when the report is missing or not the caller’s', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/999/': { status: 404, body: { detail: 'Not found.' } },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/999' });
    expect(
      await screen.findByText('Report not found or you do not have access.'),
    ).toBeInTheDocument();
  });

  it('says when the address has no report id', () => {
    tokenStorage.save(accessToken(), 'refresh');
    mockFetch({ 'GET /api/reports/': { body: [] } });
    renderPage(<ReportDetailPage />, { path: '/reports' });
    expect(
      screen.getByText(
        'No report ID provided in the URL. Please navigate from a valid report link.',
      ),
    ).toBeInTheDocument();
  });

  it('gives its reporter Cancel, Delete and a way back to My Reports', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    const { calls } = mockFetch({
      'GET /api/reports/': { body: [reportFixture()] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
      'POST /api/reports/41/cancel/': { body: reportFixture({ status: 'cancelled' }) },
      'DELETE /api/reports/41/': { status: 204, body: null },
    });
    const { router } = renderPage(<ReportDetailPage />, {
      path: '/reports/:reportId',
      route: '/reports/41',
      extraRoutes: [{ path: '/my-reports', element: <MyReportsPage /> }],
    });
    expect(await screen.findByRole('link', { name: '← Back to My Reports' })).toHaveAttribute(
      'href',
      '/my-reports',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Report' }));
    const ask = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(ask).toHaveTextContent('Are you sure you want to cancel this report?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel Report' }));
    expect(await screen.findByText('Report cancelled successfully!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Report' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Delete Report',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-reports'));
    expect(await screen.findByText('Report permanently deleted successfully!')).toBeVisible();
    expect(calls.map((call) => call.key)).toContain('DELETE /api/reports/41/');
  });

  it('gives no owner actions to someone who is not its reporter', async () => {
    tokenStorage.save(accessToken({ role: 'admin' }), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    await screen.findByRole('heading', { name: 'Unsafe scaffolding' });
    await screen.findByText('No messages yet. Start the conversation!');
    expect(screen.queryByRole('button', { name: 'Cancel Report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: '← Back to My Reports' })).toBeNull();
  });

  it('says who receives the report', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': {
        body: reportFixture({
          destination: 'organization',
          request_type: 'organization',
          organization_name: 'ACME',
          organization_type: 'corporate',
        }),
      },
      'GET /api/reports/41/comments/': { body: [] },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    const sentTo = await screen.findByText('Sent to');
    expect(sentTo.nextElementSibling).toHaveTextContent('ACME’s administrators');
  });

  it('shows the reporter and an administrator the day a closed report is deleted', async () => {
    for (const role of ['user', 'admin'] as const) {
      tokenStorage.save(accessToken({ role }), 'refresh');
      mockFetch({
        'GET /api/reports/': { body: [] },
        'GET /api/reports/41/': {
          body: reportFixture({ status: 'resolved', purge_on: '2027-11-26' }),
        },
        'GET /api/reports/41/comments/': { body: [] },
      });
      const { unmount } = renderPage(<ReportDetailPage />, {
        path: '/reports/:reportId',
        route: '/reports/41',
      });
      const label = await screen.findByText('Deleted on');
      const day = within(label.nextElementSibling as HTMLElement).getByText('26 November 2027');
      expect(day).toHaveAttribute('datetime', '2027-11-26');
      expect(label.nextElementSibling).toHaveTextContent(
        'this closed report, its messages and its attachment are then removed for good.',
      );
      unmount();
    }
  });

  it('shows no deletion day while the report is open', async () => {
    tokenStorage.save(accessToken(), 'refresh');
    mockFetch({
      'GET /api/reports/': { body: [] },
      'GET /api/reports/41/': { body: reportFixture() },
      'GET /api/reports/41/comments/': { body: [] },
    });
    renderPage(<ReportDetailPage />, { path: '/reports/:reportId', route: '/reports/41' });
    expect(await screen.findByText('Sent to')).toBeInTheDocument();
    expect(screen.queryByText('Deleted on')).toBeNull();
  });
});
