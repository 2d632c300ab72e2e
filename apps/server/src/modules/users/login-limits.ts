import type { AppContext } from '../../context';
import { type Attempt, takeAttempt } from '../../lib/attempts';
import { clientAddressKey } from '../../lib/client-address';

/**
 * Password attempts are counted per account (from any address) and per address (for any
 * account), separately (docs/protection.md "Protecting reporters"): logging in, and every check of the
 * current password (changing it, deleting the account, the second factor's settings), so a stolen
 * session cannot guess the password faster than a login could. Successful logins from an address
 * are limited only loosely, by the route, so a school or an office behind one address is not
 * locked out, while guessing one account, or spraying many from one address, stays slow. Keys
 * are keyed hashes: neither usernames nor addresses reach the counter store.
 */
function budgetsOf(ctx: Pick<AppContext, 'hash' | 'config'>, username: string, address: string) {
  const limits = ctx.config.rateLimits;
  return [
    {
      key: `login-fail:account:${ctx.hash('rate.login-account', username.toLowerCase())}`,
      limit: limits.loginFailuresPerAccount,
      windowMs: limits.loginFailureWindowMs,
    },
    {
      key: `login-fail:address:${ctx.hash('rate.login-address', clientAddressKey(address))}`,
      limit: limits.loginFailuresPerAddress,
      windowMs: limits.loginFailureWindowMs,
    },
  ];
}

/**
 * Takes one password attempt from the account's and the address's budgets before the password
 * is looked at (lib/attempts.ts): past either, 429, the same whether the account exists or not.
 * A right password gives the attempt back; a wrong one keeps it.
 */
export async function takePasswordAttempt(
  ctx: Pick<AppContext, 'hash' | 'counters' | 'config'>,
  username: string,
  address: string,
): Promise<Attempt> {
  return takeAttempt(ctx.counters, budgetsOf(ctx, username, address));
}
