import type { AppContext } from '../../context';
import type { CounterState } from '../../lib/counters';
import { TooManyRequestsError } from '../../lib/errors';
import { errorSummary } from '../../lib/logger';

/**
 * Failed logins are counted per account (from any address) and per address (for any account),
 * separately (DESIGN.md 6). Successful logins from an address are limited only loosely, by the
 * route, so a school or an office behind one address is not locked out, while guessing one
 * account, or spraying many from one address, stays slow. Keys are keyed hashes: neither
 * usernames nor addresses reach the counter store.
 */
export type LoginGate = {
  /** Records a failed attempt against the account and the address. */
  failed(): Promise<void>;
  /** Forgets the account's failures; the address keeps its count. */
  succeeded(): Promise<void>;
};

type Keys = { account: string; address: string };

function keysOf(ctx: Pick<AppContext, 'hash'>, username: string, address: string): Keys {
  return {
    account: `login-fail:account:${ctx.hash('rate.login-account', username.toLowerCase())}`,
    address: `login-fail:address:${ctx.hash('rate.login-address', address)}`,
  };
}

/**
 * Refuses the attempt with 429 when the account or the address has used up its failures, before
 * the password is looked at: the answer is the same whether the account exists or not. A counter
 * store that is down lets logins through, with a warning, as the route limits do.
 */
export async function openLoginGate(
  ctx: Pick<AppContext, 'hash' | 'counters' | 'config' | 'log'>,
  username: string,
  address: string,
): Promise<LoginGate> {
  const limits = ctx.config.rateLimits;
  const keys = keysOf(ctx, username, address);
  const tolerate = async <T>(work: () => Promise<T>, fallback: T) => {
    try {
      return await work();
    } catch (error) {
      ctx.log.warn({ error: errorSummary(error) }, 'login counters unavailable');
      return fallback;
    }
  };
  const none: CounterState = { count: 0, resetInMs: 0 };
  const [account, byAddress] = await tolerate(
    () => Promise.all([ctx.counters.peek(keys.account), ctx.counters.peek(keys.address)]),
    [none, none],
  );
  const exhausted = [
    account.count >= limits.loginFailuresPerAccount ? account : null,
    byAddress.count >= limits.loginFailuresPerAddress ? byAddress : null,
  ].filter((state): state is CounterState => state !== null);
  if (exhausted.length > 0) {
    const waitMs = Math.max(...exhausted.map((state) => state.resetInMs));
    throw new TooManyRequestsError(Math.max(1, Math.ceil(waitMs / 1000)));
  }
  return {
    failed: () =>
      tolerate(async () => {
        await Promise.all([
          ctx.counters.hit(keys.account, limits.loginFailureWindowMs),
          ctx.counters.hit(keys.address, limits.loginFailureWindowMs),
        ]);
      }, undefined),
    succeeded: () => tolerate(() => ctx.counters.clear(keys.account), undefined),
  };
}
