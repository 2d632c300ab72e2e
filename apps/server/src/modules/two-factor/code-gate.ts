import type { AppContext } from '../../context';
import { type Attempt, takeAttempt } from '../../lib/attempts';

type GateContext = Pick<AppContext, 'hash' | 'counters' | 'config'>;

/** The counter of an account's second-factor attempts. */
export function codeGateKey(ctx: Pick<AppContext, 'hash'>, userId: number): string {
  return `two-factor-fail:${ctx.hash('rate.two-factor-account', userId)}`;
}

/**
 * Second-factor codes (authenticator or recovery) are counted per account, from any address, in
 * the shared counters (Redis when REDIS_URL is set, else this process's; lib/counters.ts): a
 * six-digit code must not be guessable by spreading attempts over addresses or processes, nor by
 * sending them all at once. The attempt is taken before the code is looked at (lib/attempts.ts)
 * and given back when the code is right. The key is a keyed hash of the account id.
 */
export async function takeCodeAttempt(ctx: GateContext, userId: number): Promise<Attempt> {
  const { failuresPerAccount, failureWindowMs } = ctx.config.twoFactor;
  return takeAttempt(ctx.counters, [
    { key: codeGateKey(ctx, userId), limit: failuresPerAccount, windowMs: failureWindowMs },
  ]);
}
