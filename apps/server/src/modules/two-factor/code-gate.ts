import type { AppContext } from '../../context';
import { TooManyRequestsError } from '../../lib/errors';
import { errorSummary } from '../../lib/logger';

type GateContext = Pick<AppContext, 'hash' | 'counters' | 'config' | 'log'>;

/**
 * Wrong second-factor codes (authenticator or recovery) are counted per account, from any
 * address, in the shared counters (Redis when REDIS_URL is set, as the login failures are):
 * a six-digit code must not be guessable by spreading attempts over addresses or processes.
 * The key is a keyed hash of the account id. A counter store that is down lets codes through
 * with a warning, as login-limits.ts does; codes stay single-use either way.
 */
export type CodeGate = { failed(): Promise<void>; succeeded(): Promise<void> };

/** The counter of an account's wrong codes. */
export function codeGateKey(ctx: Pick<AppContext, 'hash'>, userId: number): string {
  return `two-factor-fail:${ctx.hash('rate.two-factor-account', userId)}`;
}

export async function openCodeGate(ctx: GateContext, userId: number): Promise<CodeGate> {
  const { failuresPerAccount, failureWindowMs } = ctx.config.twoFactor;
  const key = codeGateKey(ctx, userId);
  const tolerate = async <T>(work: () => Promise<T>, fallback: T) => {
    try {
      return await work();
    } catch (error) {
      ctx.log.warn({ error: errorSummary(error) }, 'two-factor counters unavailable');
      return fallback;
    }
  };
  const state = await tolerate(() => ctx.counters.peek(key), { count: 0, resetInMs: 0 });
  if (state.count >= failuresPerAccount) {
    throw new TooManyRequestsError(Math.max(1, Math.ceil(state.resetInMs / 1000)));
  }
  return {
    failed: () =>
      tolerate(async () => {
        await ctx.counters.hit(key, failureWindowMs);
      }, undefined),
    succeeded: () => tolerate(() => ctx.counters.clear(key), undefined),
  };
}
