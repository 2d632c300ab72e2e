export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 = first after a drop): doubling from 1 s, capped at
 * 30 s, with ±20% jitter so clients dropped together by a restart do not return together.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = RECONNECT_MIN_MS * 2 ** Math.min(attempt, 10);
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(RECONNECT_MAX_MS, Math.max(RECONNECT_MIN_MS, jittered)));
}
