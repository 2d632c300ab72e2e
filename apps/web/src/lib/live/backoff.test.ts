import { RECONNECT_MAX_MS, RECONNECT_MIN_MS, reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads clients by ±20% and never leaves 1 s..30 s', () => {
    expect(reconnectDelay(2, () => 0)).toBe(3_200);
    expect(reconnectDelay(2, () => 0.999999)).toBe(4_800);
    for (const attempt of [0, 1, 4, 5, 9]) {
      for (const random of [0, 0.25, 0.75, 0.999999]) {
        const delay = reconnectDelay(attempt, () => random);
        expect(delay).toBeGreaterThanOrEqual(RECONNECT_MIN_MS);
        expect(delay).toBeLessThanOrEqual(RECONNECT_MAX_MS);
      }
    }
    // Near the cap the jitter still spreads clients out.
    expect(reconnectDelay(5, () => 0)).toBe(25_600);
  });
});
