import type { Notification } from '@candor/contract/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenStorage } from '@/lib/auth/token-storage';
import { MockWebSocket } from '@/test/mock-websocket';
import { mockFetch, renderPage } from '@/test/render';
import { accessToken } from '@/test/tokens';
import { NotificationBell } from './notification-bell';

const unread = {
  id: 4,
  message: 'Your report is under review',
  is_read: false,
  created_at: '2026-11-23T10:42:00.000Z',
  report: 2,
  report_title: 'Broken lock',
  report_reference: 'CND-7K3Q-9XW2-M4TD',
} satisfies Notification;
const read = {
  id: 3,
  message: 'Welcome',
  is_read: true,
  created_at: '2026-11-22T09:00:00.000Z',
  report: null,
  report_title: null,
  report_reference: null,
} satisfies Notification;

function renderBell() {
  tokenStorage.save(accessToken({ user_id: 7 }), 'r1');
  return renderPage(<NotificationBell />);
}

const bell = (name: string | RegExp = /^Notifications/) => screen.getByRole('button', { name });

async function openPanel() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return user;
}

describe('NotificationBell', () => {
  it('shows a plain bell without a badge when nothing is unread', async () => {
    const { calls } = mockFetch({ 'GET /api/notifications/unread_count/': { body: { count: 0 } } });
    const { container } = renderBell();
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain('GET /api/notifications/unread_count/'),
    );
    expect(bell('Notifications')).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('.lucide-bell')).not.toBeNull();
    expect(container.querySelector('.lucide-bell-ring')).toBeNull();
  });

  it('shows the unread count and a ringing bell above zero', async () => {
    mockFetch({ 'GET /api/notifications/unread_count/': { body: { count: 3 } } });
    const { container } = renderBell();
    const button = await screen.findByRole('button', {
      name: 'Notifications, 3 unread notifications',
    });
    expect(button).toHaveTextContent('3');
    expect(container.querySelector('.lucide-bell-ring')).not.toBeNull();
  });

  it("says 'Loading notifications...' and then lists each notification", async () => {
    const { fetchMock } = mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 1 } },
      'GET /api/notifications/': { body: [unread, read] },
    });
    // The list answers only when released, so its loading state can be seen.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/notifications/')) await gate;
      return (answer as typeof fetch)(input, init);
    });
    renderBell();
    await openPanel();
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading notifications...');
    release();
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Your report is under review');
    expect(within(first).getByRole('link', { name: 'Report: Broken lock' })).toHaveAttribute(
      'href',
      '/reports/2',
    );
    expect(first.querySelector('time')).toHaveAttribute('datetime', unread.created_at);
    expect(within(first).getByRole('button', { name: 'Mark as Read' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Welcome');
    expect(within(second).queryByRole('link')).toBeNull();
    expect(within(second).queryByRole('button')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Mark All As Read' })).toBeInTheDocument();
  });

  it("says 'No notifications found.' and offers no Mark All when there are none", async () => {
    mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 0 } },
      'GET /api/notifications/': { body: [] },
    });
    renderBell();
    await openPanel();
    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All As Read' })).toBeNull();
  });

  it("says 'Failed to load notifications.' when the list cannot be loaded", async () => {
    mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 0 } },
      'GET /api/notifications/': { status: 500, body: { detail: 'Internal server error.' } },
    });
    renderBell();
    await openPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications.');
  });

  it('marks one as read and reloads the list and count', async () => {
    let isRead = false;
    const { calls } = mockFetch({
      'GET /api/notifications/unread_count/': () => ({ body: { count: isRead ? 0 : 1 } }),
      'GET /api/notifications/': () => ({ body: [{ ...unread, is_read: isRead }] }),
      'POST /api/notifications/4/mark_read/': () => {
        isRead = true;
        return { body: { ...unread, is_read: true } };
      },
    });
    renderBell();
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as Read' })).toBeNull());
    expect(
      calls.find((call) => call.key === 'POST /api/notifications/4/mark_read/')?.init.body,
    ).toBeUndefined();
    expect(bell('Notifications')).toBeInTheDocument();
  });

  it("says 'Failed to mark notification as read.' and reloads the list", async () => {
    const { calls } = mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 1 } },
      'GET /api/notifications/': { body: [unread] },
      'POST /api/notifications/4/mark_read/': { status: 500, body: { detail: 'x' } },
    });
    renderBell();
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to mark notification as read.',
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.key === 'GET /api/notifications/')).toHaveLength(2),
    );
  });

  it('marks all as read with one call', async () => {
    let isRead = false;
    const { calls } = mockFetch({
      'GET /api/notifications/unread_count/': () => ({ body: { count: isRead ? 0 : 2 } }),
      'GET /api/notifications/': () => ({
        body: [
          { ...unread, is_read: isRead },
          { ...unread, id: 5, is_read: isRead },
        ],
      }),
      'POST /api/notifications/mark_all_read/': () => {
        isRead = true;
        return { body: { updated: 2 } };
      },
    });
    renderBell();
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark All As Read' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark All As Read' })).toBeNull(),
    );
    expect(calls.filter((call) => call.key.includes('mark_read'))).toHaveLength(0);
    expect(calls.filter((call) => call.key.includes('mark_all_read'))).toHaveLength(1);
  });

  it("says 'Failed to mark all notifications as read.' when that fails", async () => {
    mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 1 } },
      'GET /api/notifications/': { body: [unread] },
      'POST /api/notifications/mark_all_read/': { status: 500, body: { detail: 'x' } },
    });
    renderBell();
    const user = await openPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark All As Read' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to mark all notifications as read.',
    );
  });

  it('adds one to the unread count for each live notification and announces it', async () => {
    let countCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        if (!String(input).endsWith('/api/notifications/unread_count/')) {
          return Promise.resolve(
            new Response('[]', { headers: { 'content-type': 'application/json' } }),
          );
        }
        countCalls += 1;
        // Only the first answer arrives: what shows after that comes from the events alone.
        return countCalls === 1
          ? Promise.resolve(
              new Response(JSON.stringify({ count: 2 }), {
                headers: { 'content-type': 'application/json' },
              }),
            )
          : new Promise<Response>(() => {});
      }),
    );
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread notifications' });
    const socket = MockWebSocket.latest();
    expect(socket.url).toMatch(/\/ws\/notifications\/7\/$/);
    act(() => {
      socket.open();
      socket.receive({ type: 'notification', ...unread, id: 10 });
    });
    expect(bell('Notifications, 3 unread notifications')).toBeInTheDocument();
    expect(screen.getByText('New notification: Your report is under review')).toBeInTheDocument();
    act(() => {
      socket.receive({ type: 'notification', ...unread, id: 11, message: 'Another' });
      socket.receive({ type: 'something-else', message: 'ignored' });
    });
    expect(bell('Notifications, 4 unread notifications')).toBeInTheDocument();
  });

  it('reloads the count when the server says it may have missed notifications', async () => {
    let count = 1;
    const { calls } = mockFetch({
      'GET /api/notifications/unread_count/': () => ({ body: { count } }),
    });
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread notification' });
    const socket = MockWebSocket.latest();
    const before = calls.length;
    count = 5;
    act(() => {
      socket.open();
      socket.receive({ type: 'resync' });
    });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 5 unread notifications' }),
    ).toBeInTheDocument();
    expect(calls.slice(before).map((call) => call.key)).toContain(
      'GET /api/notifications/unread_count/',
    );
    expect(screen.queryByText(/^New notification/)).not.toBeInTheDocument();
  });

  it('closes on Escape, returning focus to the bell, and on a click outside', async () => {
    mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 0 } },
      'GET /api/notifications/': { body: [] },
    });
    renderBell();
    const user = await openPanel();
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(panel).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
    expect(panel).not.toBeVisible();

    await user.keyboard('{Enter}');
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus moves past the panel', async () => {
    mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 1 } },
      'GET /api/notifications/': { body: [unread] },
    });
    tokenStorage.save(accessToken({ user_id: 7 }), 'r1');
    renderPage(
      <>
        <NotificationBell />
        <a href="/after">after</a>
      </>,
    );
    const user = await openPanel();
    await screen.findByRole('button', { name: 'Mark as Read' });
    // Panel -> Mark All -> report link -> Mark as Read -> out.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mark All As Read' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Mark as Read' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'after' })).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks a notice read when its report is opened from it, and shows the reference', async () => {
    const { calls } = mockFetch({
      'GET /api/notifications/unread_count/': { body: { count: 1 } },
      'GET /api/notifications/': { body: [unread, read] },
      'POST /api/notifications/4/mark_read/': { body: { ...unread, is_read: true } },
    });
    tokenStorage.save(accessToken({ user_id: 7 }), 'r1');
    const { router } = renderPage(<NotificationBell />, {
      extraRoutes: [{ path: '/reports/:id', element: <p>report page</p> }],
    });
    const user = await openPanel();
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const [first] = (await within(panel).findAllByRole('listitem')) as [HTMLElement];
    expect(first).toHaveTextContent('Reference CND-7K3Q-9XW2-M4TD');
    await user.click(within(first).getByRole('link', { name: 'Report: Broken lock' }));
    await waitFor(() =>
      expect(calls.map((call) => call.key)).toContain('POST /api/notifications/4/mark_read/'),
    );
    expect(router.state.location.pathname).toBe('/reports/2');
  });
});
