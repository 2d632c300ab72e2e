import { accessToken } from '@/test/tokens';
import { startSessionTimer } from './session-timer';
import { tokenStorage } from './token-storage';

describe('startSessionTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks every 30 s and refreshes once under 60 s remain', () => {
    const start = Date.now();
    tokenStorage.save(accessToken({ exp: Math.floor(start / 1000) + 100 }), 'refresh-1');
    const refresh = vi.fn(async () => true);
    const stop = startSessionTimer(refresh);

    vi.advanceTimersByTime(30_000); // 70 s left
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000); // 40 s left
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes an undecodable access token at the next check', () => {
    localStorage.setItem('accessToken', 'not-a-jwt');
    localStorage.setItem('refreshToken', 'refresh-1');
    const refresh = vi.fn(async () => true);
    const stop = startSessionTimer(refresh);
    vi.advanceTimersByTime(29_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing when logged out', () => {
    const refresh = vi.fn(async () => true);
    const stop = startSessionTimer(refresh);
    vi.advanceTimersByTime(120_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });
});
