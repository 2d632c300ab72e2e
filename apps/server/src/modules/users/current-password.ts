import type { AppContext } from '../../context';
import { FieldValidationError, UnauthorizedError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { takePasswordAttempt } from './login-limits';
import * as users from './users.repository';

const WRONG_PASSWORD = 'Your password is not correct.';

/**
 * Asks for the account's current password before anything lasting (a new password, deleting the
 * account, the second factor turned on or off, new recovery codes): a live access token alone,
 * stolen or left open, must not be turned into a permanent hold on the account. Each check takes
 * a password attempt from the same per-account and per-address budgets as logging in
 * (login-limits.ts), so it cannot guess faster than a login. Answers the stored account.
 */
export async function verifyCurrentPassword(
  ctx: AppContext,
  userId: number,
  input: { password: string; field: string; address: string },
): Promise<users.UserRow> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw new UnauthorizedError();
  const attempt = await takePasswordAttempt(ctx, user.username, input.address);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new FieldValidationError({ [input.field]: [WRONG_PASSWORD] });
  }
  await attempt.succeeded();
  return user;
}
