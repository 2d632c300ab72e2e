import { randomUUID } from 'node:crypto';
import type {
  LoginInput,
  Profile,
  RegisteredUser,
  registerInputSchema,
  TokenPair,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { FieldValidationError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import { redeemClaimCode } from '../access-requests/access-requests.service';
import * as repo from './accounts.repository';
import { isReservedUsername } from './superuser.service';

const DUPLICATE_USERNAME = 'A user with that username already exists.';
const DUPLICATE_EMAIL = 'A user with that email already exists.';
/** The same answer whether the username or the password was wrong (DESIGN.md 6). */
const BAD_CREDENTIALS = 'No active account found with the given credentials';
const BAD_REFRESH = 'Token is invalid or expired';

type RegisterData = z.output<typeof registerInputSchema>;
type UpdateProfileData = z.output<typeof updateProfileInputSchema>;

/**
 * The superuser's configured name counts as taken even while no account holds it (after the
 * superuser renamed itself), or the next start would find an account of that name.
 */
async function isUsernameUnavailable(ctx: AppContext, username: string, exceptId?: number) {
  if (await repo.isUsernameTaken(ctx.db, username, exceptId)) return true;
  if (!isReservedUsername(ctx.config, username)) return false;
  const self = exceptId === undefined ? null : await repo.findUserById(ctx.db, exceptId);
  return !(self && isReservedUsername(ctx.config, self.username));
}

async function duplicateFields(
  ctx: AppContext,
  username: string,
  email: string | null,
  exceptId?: number,
) {
  const fields: Record<string, string[]> = {};
  if (await isUsernameUnavailable(ctx, username, exceptId)) fields.username = [DUPLICATE_USERNAME];
  if (email && (await repo.isEmailTaken(ctx.db, email, exceptId))) fields.email = [DUPLICATE_EMAIL];
  return fields;
}

/** Maps a unique-index race (two requests at once) to the same field errors as the pre-check. */
function uniqueViolationFields(error: unknown): Record<string, string[]> | null {
  if (isUniqueViolation(error, 'users_username_lower_key'))
    return { username: [DUPLICATE_USERNAME] };
  if (isUniqueViolation(error, 'users_email_lower_key')) return { email: [DUPLICATE_EMAIL] };
  return null;
}

export async function registerUser(ctx: AppContext, input: RegisterData): Promise<RegisteredUser> {
  const duplicates = await duplicateFields(ctx, input.username, input.email);
  if (Object.keys(duplicates).length > 0) throw new FieldValidationError(duplicates);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
      });
      // An invalid code refuses the whole registration: no account is left behind.
      if (input.claim_code) await redeemClaimCode(ctx, tx, inserted.id, input.claim_code);
      return inserted;
    });
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
    };
  } catch (error) {
    const fields = uniqueViolationFields(error);
    if (fields) throw new FieldValidationError(fields);
    throw error;
  }
}

async function issueTokens(
  ctx: AppContext,
  user: repo.UserRow,
  familyId: string,
): Promise<TokenPair> {
  const refresh = newRefreshToken();
  const ttlMs = ctx.config.tokens.refreshTtlDays * 24 * 60 * 60 * 1000;
  await repo.insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  const access = await ctx.accessTokens.sign({
    user_id: user.id,
    role: user.role,
    plan: user.plan,
    is_superuser: user.isSuperuser,
  });
  return { access, refresh: refresh.token };
}

export async function login(ctx: AppContext, input: LoginInput): Promise<TokenPair> {
  const user = await repo.findUserByUsername(ctx.db, input.username);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new UnauthorizedError(BAD_CREDENTIALS);
  }
  const isValid = await verifyPassword(user.passwordHash, input.password);
  if (!isValid || !user.isActive) throw new UnauthorizedError(BAD_CREDENTIALS);
  return issueTokens(ctx, user, randomUUID());
}

/**
 * Rotates a refresh token. A token that was already rotated is a sign it was copied: the whole
 * family (every token of that login) is revoked and the caller must log in again.
 */
export async function refresh(ctx: AppContext, token: string): Promise<TokenPair> {
  const row = await repo.findRefreshTokenByHash(ctx.db, hashRefreshToken(token));
  if (!row || row.revokedAt) throw new UnauthorizedError(BAD_REFRESH);
  if (row.rotatedAt) {
    await repo.revokeRefreshFamily(ctx.db, row.familyId);
    ctx.log.warn({ family: row.familyId }, 'refresh token reused; family revoked');
    throw new UnauthorizedError(BAD_REFRESH);
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new UnauthorizedError(BAD_REFRESH);
  if (!(await repo.markRefreshTokenRotated(ctx.db, row.id))) {
    await repo.revokeRefreshFamily(ctx.db, row.familyId);
    throw new UnauthorizedError(BAD_REFRESH);
  }
  const user = await repo.findUserById(ctx.db, row.userId);
  if (!user?.isActive) throw new UnauthorizedError(BAD_REFRESH);
  return issueTokens(ctx, user, row.familyId);
}

/** Revokes the login the refresh token belongs to. Unknown tokens are ignored. */
export async function logout(ctx: AppContext, token: string): Promise<void> {
  const row = await repo.findRefreshTokenByHash(ctx.db, hashRefreshToken(token));
  if (row) await repo.revokeRefreshFamily(ctx.db, row.familyId);
}

function toProfile(user: repo.UserRow): Profile {
  return {
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    plan: user.plan,
    is_superuser: user.isSuperuser,
  };
}

export async function getProfile(ctx: AppContext, userId: number): Promise<Profile> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new UnauthorizedError();
  return toProfile(user);
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: UpdateProfileData,
): Promise<Profile> {
  const duplicates = await duplicateFields(ctx, input.username, input.email, userId);
  if (Object.keys(duplicates).length > 0) throw new FieldValidationError(duplicates);
  try {
    const user = await repo.updateUser(ctx.db, userId, {
      username: input.username,
      email: input.email,
      ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
      ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
    });
    if (!user) throw new UnauthorizedError();
    return toProfile(user);
  } catch (error) {
    const fields = uniqueViolationFields(error);
    if (fields) throw new FieldValidationError(fields);
    throw error;
  }
}
