import { randomUUID } from 'node:crypto';
import type { LoginInput, TokenPair } from '@candor/contract/accounts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedColumns } from '../../db/sealed-columns';
import { DecryptionError } from '../../lib/crypto';
import { DAY_MS, utcDay } from '../../lib/day';
import { UnauthorizedError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import * as users from './accounts.repository';
import { openLoginGate } from './login-limits';
import * as repo from './sessions.repository';

/** The same answer whether the username or the password was wrong (DESIGN.md 6). */
const BAD_CREDENTIALS = 'No active account found with the given credentials';
const BAD_REFRESH = 'Token is invalid or expired';
const ROTATION_PURPOSE = sealedColumns.refreshRotation.purpose;

/** What the grace window needs, sealed in the rotated row: never a plain instant (DESIGN.md). */
type Rotation = { at: number; successor: string };

function isExpired(row: repo.RefreshTokenRow): boolean {
  return Date.now() >= Date.parse(`${row.expiresOn}T00:00:00Z`);
}

async function signAccess(ctx: AppContext, user: users.UserRow): Promise<string> {
  return ctx.accessTokens.sign({
    user_id: user.id,
    role: user.role,
    plan: user.plan,
    is_superuser: user.isSuperuser,
  });
}

/** A new refresh token of `familyId`, valid for the configured days (rounded up to a day). */
async function issueRefreshToken(ctx: AppContext, db: Executor, userId: number, familyId: string) {
  const refresh = newRefreshToken();
  const ttlMs = ctx.config.tokens.refreshTtlDays * DAY_MS;
  await repo.insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: refresh.hash,
    expiresOn: utcDay(Date.now() + ttlMs, true),
    createdOn: utcDay(Date.now()),
  });
  return refresh.token;
}

export async function login(
  ctx: AppContext,
  input: LoginInput,
  address: string,
): Promise<TokenPair> {
  const gate = await openLoginGate(ctx, input.username, address);
  const user = await users.findUserByUsername(ctx.db, input.username);
  if (!user) {
    await verifyAgainstDummy(input.password);
    await gate.failed();
    throw new UnauthorizedError(BAD_CREDENTIALS);
  }
  const isValid = await verifyPassword(user.passwordHash, input.password);
  if (!isValid || !user.isActive) {
    await gate.failed();
    throw new UnauthorizedError(BAD_CREDENTIALS);
  }
  await gate.succeeded();
  const refresh = await issueRefreshToken(ctx, ctx.db, user.id, randomUUID());
  return { access: await signAccess(ctx, user), refresh };
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
 * Rotates a refresh token (DESIGN.md 6). The token just rotated, sent again within the grace
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
        return { tokens: { access: await signAccess(ctx, user), refresh: successor } };
      }
      await repo.revokeFamily(tx, row.familyId);
      return { refused: 'reused' };
    }
    if (isExpired(row)) return { refused: 'invalid' };
    const successor = await issueRefreshToken(ctx, tx, user.id, row.familyId);
    const rotation: Rotation = { at: Date.now(), successor };
    await repo.markRotated(tx, row, ctx.sealer.sealJson(rotation, ROTATION_PURPOSE));
    return { tokens: { access: await signAccess(ctx, user), refresh: successor } };
  });
  if ('tokens' in outcome) return outcome.tokens;
  if (outcome.refused === 'reused') ctx.log.warn('refresh token reused; its login was revoked');
  throw new UnauthorizedError(BAD_REFRESH);
}

/** Revokes the login the refresh token belongs to. Unknown tokens are ignored. */
export async function logout(ctx: AppContext, token: string): Promise<void> {
  const row = await repo.findRefreshTokenByHash(ctx.db, hashRefreshToken(token));
  if (!row) return;
  await ctx.db.transaction(async (tx) => {
    await repo.lockFamily(tx, row.familyId);
    await repo.revokeFamily(tx, row.familyId);
  });
}

/** A new login of the account (a new family), in the caller's transaction. */
export async function startSession(
  ctx: AppContext,
  db: Executor,
  user: users.UserRow,
): Promise<TokenPair> {
  const refresh = await issueRefreshToken(ctx, db, user.id, randomUUID());
  return { access: await signAccess(ctx, user), refresh };
}

/** Ends every login of an account, in the caller's transaction (a password was replaced). */
export async function revokeAllLogins(tx: Executor, userId: number): Promise<void> {
  const families = (await repo.findFamilyIdsOfUser(tx, userId)).sort();
  for (const familyId of families) {
    await repo.lockFamily(tx, familyId);
    await repo.revokeFamily(tx, familyId);
  }
}
