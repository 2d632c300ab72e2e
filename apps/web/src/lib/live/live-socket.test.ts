import type { LiveEvent } from '@candor/contract/notifications';
import { MockWebSocket } from '@/test/mock-websocket';
import { accessToken } from '@/test/tokens';
import { tokenStorage } from '../auth/token-storage';
import { startLiveSocket } from './live-socket';

const event = {
  type: 'notification',
  id: 4,
  message: 'Status changed',
  is_read: false,
  created_at: '2026-11-23T10:42:00.000Z',
  report: 2,
  report_title: 'Broken lock',
  report_reference: 'CND-7K3Q-9XW2-M4TD',
} satisfies LiveEvent;

function start() {
  const onEvent = vi.fn();
  const onReconnect = vi.fn();
  const live = startLiveSocket({ onEvent, onReconnect, random: () => 0.5 });
  return { live, onEvent, onReconnect };
}

describe('startLiveSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to the user’s path with the token as a subprotocol, not in the address', () => {
    const token = accessToken({ user_id: 42 });
    tokenStorage.save(token, 'r1');
    const { live } = start();
    const socket = MockWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws/notifications/42/');
    expect(socket.protocols).toEqual(['candor.v1', `candor.bearer.${token}`]);
    live.stop();
  });

  it('does not connect when logged out', () => {
    const { live } = start();
    expect(MockWebSocket.instances).toHaveLength(0);
    live.stop();
  });

  it('passes on valid events only', () => {
    tokenStorage.save(accessToken(), 'r1');
    const { live, onEvent } = start();
    const socket = MockWebSocket.latest();
    socket.open();
    socket.receive(event);
    socket.receive({ type: 'notification' });
    socket.receive({ type: 'other', message: 'x' });
    socket.receive('not json');
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith(event);
    live.stop();
  });

  it('reconnects after a drop with growing delays, and resets them once connected', () => {
    tokenStorage.save(accessToken(), 'r1');
    const { live, onReconnect } = start();
    MockWebSocket.latest().open();

    MockWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(MockWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(MockWebSocket.instances).toHaveLength(2);

    MockWebSocket.latest().serverClose(1006);
    vi.advanceTimersByTime(1_999);
    expect(MockWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(MockWebSocket.instances).toHaveLength(3);

    MockWebSocket.latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    MockWebSocket.latest().serverClose(1001);
    vi.advanceTimersByTime(1_000);
    expect(MockWebSocket.instances).toHaveLength(4);
    live.stop();
  });

  it('reconnects at once with the new token after a refresh', () => {
    tokenStorage.save(accessToken(), 'r1');
    const { live } = start();
    const first = MockWebSocket.latest();
    first.open();
    const refreshed = accessToken({ exp: Math.floor(Date.now() / 1000) + 600 });
    tokenStorage.save(refreshed, 'r2');
    expect(first.closedWith).toBe(1000);
    expect(MockWebSocket.latest().protocols).toContain(`candor.bearer.${refreshed}`);
    live.stop();
  });

  it('after a refusal waits for a new token instead of retrying the same one', () => {
    tokenStorage.save(accessToken(), 'r1');
    const { live } = start();
    MockWebSocket.latest().serverClose(1008);
    vi.advanceTimersByTime(60_000);
    expect(MockWebSocket.instances).toHaveLength(1);
    tokenStorage.save(accessToken({ exp: Math.floor(Date.now() / 1000) + 900 }), 'r2');
    expect(MockWebSocket.instances).toHaveLength(2);
    live.stop();
  });

  it('when the account changed, asks for the session to be checked and does not retry', () => {
    tokenStorage.save(accessToken(), 'r1');
    const onAccountChanged = vi.fn();
    const live = startLiveSocket({ onEvent: vi.fn(), onAccountChanged, random: () => 0.5 });
    MockWebSocket.latest().open();
    MockWebSocket.latest().serverClose(4001);
    expect(onAccountChanged).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(MockWebSocket.instances).toHaveLength(1);
    // The refreshed session's token opens the next socket.
    tokenStorage.save(accessToken({ exp: Math.floor(Date.now() / 1000) + 900 }), 'r2');
    expect(MockWebSocket.instances).toHaveLength(2);
    live.stop();
  });

  it('disconnects on logout and stops retrying', () => {
    tokenStorage.save(accessToken(), 'r1');
    const { live } = start();
    const socket = MockWebSocket.latest();
    socket.open();
    tokenStorage.clear();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(MockWebSocket.instances).toHaveLength(1);
    live.stop();
  });

  it('closes and stops on stop()', () => {
    tokenStorage.save(accessToken(), 'r1');
    const { live } = start();
    const socket = MockWebSocket.latest();
    socket.open();
    live.stop();
    expect(socket.closedWith).toBe(1000);
    tokenStorage.save(accessToken({ exp: Math.floor(Date.now() / 1000) + 900 }), 'r2');
    expect(MockWebSocket.instances).toHaveLength(1);
  });
});
