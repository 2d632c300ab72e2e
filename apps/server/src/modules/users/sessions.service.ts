import { randomUUID } from 'node:crypto';
import type { LoginAnswer, LoginInput, TokenPair } from '@candor/contract/accounts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedColumns } from '../../db/sealed-columns';
import { DecryptionError } from '../../lib/crypto';
import { DAY_MS, utcDay } from '../../lib/day';
import { UnauthorizedError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import { standingOf } from '../auth/standing';
import { publishAccountChange } from './account-changes';
import { takePasswordAttempt } from './login-limits';
import * as repo from './sessions.repository';
import * as users from './users.repository';

/** The same answer whether the username or the password was wrong (docs/protection.md "Protecting reporters"). */
const BAD_CREDENTIALS = 'No active account found with the given credentials';
const BAD_REFRESH = 'Token is invalid or expired';
const ROTATION_PURPOSE = sealedColumns.refreshRotation.purpose;

/** What the grace window needs, sealed in the rotated row: never a plain instant (docs/design.md). */
type Rotation = { at: number; successor: string };

function isExpired(row: repo.RefreshTokenRow): boolean {
  return Date.now() >= Date.parse(`${row.expiresOn}T00:00:00Z`);
}

/** How long the challenge of a login with a second factor lasts. */
const CHALLENGE_TTL_SECONDS = 300;

/**
 * The token carries the role the login acts with: staff whose second factor was not given (or
 * who must enrol first) carry 'user' (modules/auth/standing.ts). The role is read again
 * on every request (modules/auth/caller.service.ts), by the same rule.
 */
async function signAccess(
  ctx: AppContext,
  db: Executor,
  user: users.UserRow,
  isSecondFactor: boolean,
): Promise<string> {
  const hasTwoFactor = await users.hasEnabledCredential(db, user.id);
  const standing = standingOf(ctx.config, { ...user, hasTwoFactor }, isSecondFactor);
  return ctx.accessTokens.sign({
    user_id: user.id,
    // Read afresh: the logins of the account may have just been ended in this transaction.
    ver: await users.findTokenEpoch(db, user.id),
    role: standing.role,
    plan: user.plan,
    is_superuser: standing.isSuperuser,
    ...(standing.twoFactor ? { two_factor: standing.twoFactor } : {}),
  });
}

/** A new refresh token of `familyId`, valid for the configured days (rounded up to a day). */
async function issueRefreshToken(
  ctx: AppContext,
  db: Executor,
  userId: number,
  familyId: string,
  isSecondFactor: boolean,
) {
  const refresh = newRefreshToken();
  const ttlMs = ctx.config.tokens.refreshTtlDays * DAY_MS;
  await repo.insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: refresh.hash,
    expiresOn: utcDay(Date.now() + ttlMs, true),
    createdOn: utcDay(Date.now()),
    isSecondFactor,
  });
  return refresh.token;
}

/** A new login (token family) of `user`; `isSecondFactor` when it gave the second factor. */
export async function startSession(
  ctx: AppContext,
  db: Executor,
  user: users.UserRow,
  isSecondFactor: boolean,
): Promise<TokenPair> {
  const refresh = await issueRefreshToken(ctx, db, user.id, randomUUID(), isSecondFactor);
  return { access: await signAccess(ctx, db, user, isSecondFactor), refresh };
}

/**
 * The password step. An account with a second factor gets a challenge, not tokens: the code goes
 * with it to POST /api/two-factor/login/ (modules/two-factor). Others get the token pair.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  address: string,
): Promise<LoginAnswer> {
  const attempt = await takePasswordAttempt(ctx, input.username, address);
  const user = await users.findUserByUsername(ctx.db, input.username);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new UnauthorizedError(BAD_CREDENTIALS);
  }
  const isValid = await verifyPassword(user.passwordHash, input.password);
  if (!isValid || !user.isActive) throw new UnauthorizedError(BAD_CREDENTIALS);
  await attempt.succeeded();
  if (await users.hasEnabledCredential(ctx.db, user.id)) {
    const challenge = await ctx.accessTokens.signChallenge(user.id, CHALLENGE_TTL_SECONDS);
    return { two_factor_required: true, challenge };
  }
  return startSession(ctx, ctx.db, user, false);
}

/** The successor a rotated token may still answer, while inside the grace window. */
function successorInGrace(ctx: AppContext, row: repo.RefreshTokenRow): string | null {
  if (!row.rotation) return null;
  try {
    const rotation = ctx.sealer.openJson<Rotation>(row.rotation, ROTATION_PURPOSE);
    const graceMs = ctx.config.tokens.refreshReuseGraceSeconds * 1000;
    const age = Date.now() - rotation.at;
    return age >= 0 && age <= graceMs ? rotation.successor : null;
  } catch (error) {
    if (error instanceof DecryptionError) return null;
    throw error;
  }
}

type RefreshOutcome = { tokens: TokenPair } | { refused: 'invalid' | 'reused' };

/**
 * Rotates a refresh token (docs/protection.md "Protecting reporters"). The token just rotated, sent again within the grace
 * window (two tabs, a retried request), answers the same successor. Sent again later, it is a
 * sign it was copied: the whole family (every token of that login) is revoked. The family is
 * locked for the transaction, so a token issued meanwhile cannot escape that revocation.
 */
export async function refresh(ctx: AppContext, token: string): Promise<TokenPair> {
  const found = await repo.findRefreshTokenByHash(ctx.db, hashRefreshToken(token));
  if (!found) throw new UnauthorizedError(BAD_REFRESH);
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    await repo.lockFamily(tx, found.familyId);
    // Read again under the lock: another request may have rotated or revoked it meanwhile.
    const row = await repo.findRefreshTokenById(tx, found.id);
    if (!row || row.isRevoked) return { refused: 'invalid' };
    const user = await users.findUserById(tx, row.userId);
    if (!user?.isActive) return { refused: 'invalid' };
    if (row.isRotated) {
      const successor = successorInGrace(ctx, row);
      const next =
        successor && (await repo.findRefreshTokenByHash(tx, hashRefreshToken(successor)));
      if (successor && next && !next.isRevoked) {
        const access = await signAccess(ctx, tx, user, row.isSecondFactor);
        return { tokens: { access, refresh: successor } };
      }
      await repo.revokeFamily(tx, row.familyId);
      return { refused: 'reused' };
    }
    if (isExpired(row)) return { refused: 'invalid' };
    const successor = await issueRefreshToken(ctx, tx, user.id, row.familyId, row.isSecondFactor);
    const rotation: Rotation = { at: Date.now(), successor };
    await repo.markRotated(tx, row, ctx.sealer.sealJson(rotation, ROTATION_PURPOSE));
    const access = await signAccess(ctx, tx, user, row.isSecondFactor);
    return { tokens: { access, refresh: successor } };
  });
  if ('tokens' in outcome) return outcome.tokens;
  if (outcome.refused === 'reused') ctx.log.warn('refresh token reused; its login was revoked');
  throw new UnauthorizedError(BAD_REFRESH);
}

/**
 * Makes every access token issued so far refused at once, on every process: the account's token
 * epoch moves on (the caller's row carries it, and every process reads the row again when the
 * database signals the change, caller-cache.ts), and its live sockets close. Logins whose refresh
 * token stays valid get a new access token on their next request, without noticing.
 */
async function endAccessTokens(tx: Executor, userId: number): Promise<void> {
  await users.bumpTokenEpoch(tx, userId);
  await publishAccountChange(tx, userId);
}

/**
 * Revokes the login the refresh token belongs to, and its access tokens at once (not when they
 * expire): a logged-out device's tokens are worth nothing to whoever copies them. The account's
 * other logins renew their access token once. Unknown tokens are ignored.
 */
export async function logout(ctx: AppContext, token: string): Promise<void> {
  const row = await repo.findRefreshTokenByHash(ctx.db, hashRefreshToken(token));
  if (!row) return;
  await ctx.db.transaction(async (tx) => {
    await repo.lockFamily(tx, row.familyId);
    await repo.revokeFamily(tx, row.familyId);
    await endAccessTokens(tx, row.userId);
  });
}

/**
 * Ends every login of an account, in the caller's transaction (a password was replaced, a second
 * factor turned on or reset, access revoked): refresh tokens are revoked and every access token
 * and live socket is refused at once. A new login started after this in the same transaction is
 * unaffected (it is signed with the new epoch).
 */
export async function revokeAllLogins(tx: Executor, userId: number): Promise<void> {
  const families = (await repo.findFamilyIdsOfUser(tx, userId)).sort();
  for (const familyId of families) {
    await repo.lockFamily(tx, familyId);
    await repo.revokeFamily(tx, familyId);
  }
  await endAccessTokens(tx, userId);
}
