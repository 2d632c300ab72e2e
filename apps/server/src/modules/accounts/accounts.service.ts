import { randomUUID } from 'node:crypto';
import type {
  LoginInput,
  Profile,
  RegisteredUser,
  registerInputSchema,
  TokenPair,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import { passwordProblems } from '@candor/contract/accounts';
import type { Plan, Role } from '@candor/contract/enums';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { FieldValidationError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';
import { redeemClaimCode } from '../access-requests/access-requests.service';
import { insertAuditEntry } from '../audit/audit.repository';
import * as repo from './accounts.repository';

const DUPLICATE_USERNAME = 'A user with that username already exists.';
const DUPLICATE_EMAIL = 'A user with that email already exists.';
/** The same answer whether the username or the password was wrong (DESIGN.md 6). */
const BAD_CREDENTIALS = 'No active account found with the given credentials';
const BAD_REFRESH = 'Token is invalid or expired';

type RegisterData = z.output<typeof registerInputSchema>;
type UpdateProfileData = z.output<typeof updateProfileInputSchema>;

async function duplicateFields(
  ctx: AppContext,
  username: string,
  email: string | null,
  exceptId?: number,
) {
  const fields: Record<string, string[]> = {};
  if (await repo.isUsernameTaken(ctx.db, username, exceptId))
    fields.username = [DUPLICATE_USERNAME];
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
    role: user.role as Role,
    plan: user.plan as Plan,
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
    role: user.role as Role,
    plan: user.plan as Plan,
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

export type SuperuserInput = { username: string; password?: string; email?: string };

/**
 * Creates the superuser, or promotes an existing account. A given password is set on creation,
 * and on promotion only when `resetPassword` is true (the command line asks for it; the
 * start-up variables never overwrite a password).
 */
export async function ensureSuperuser(
  ctx: Pick<AppContext, 'db'>,
  input: SuperuserInput,
  options: { resetPassword: boolean },
): Promise<{ created: boolean; promoted: boolean }> {
  const existing = await repo.findUserByUsername(ctx.db, input.username);
  if (existing) {
    const changes: Partial<repo.NewUser> = { isSuperuser: true, role: 'admin', isActive: true };
    if (options.resetPassword && input.password) {
      changes.passwordHash = await hashPassword(input.password);
    }
    const promoted = !existing.isSuperuser;
    await ctx.db.transaction(async (tx) => {
      await repo.updateUser(tx, existing.id, changes);
      if (changes.passwordHash) await repo.revokeUserRefreshTokens(tx, existing.id);
      // A promotion is a role change (DESIGN.md 10); the operator at the console is "system".
      if (promoted) {
        await insertAuditEntry(tx, {
          actorUserId: null,
          actorRole: 'system',
          action: 'user.role_changed',
          objectType: 'user',
          objectId: existing.id,
          details: { from: existing.role, to: 'admin', is_superuser: true },
        });
      }
    });
    return { created: false, promoted };
  }
  if (!input.password) throw new Error('A password is needed to create the superuser');
  const problems = passwordProblems(input.password, input.username);
  if (problems.length > 0) throw new Error(problems.join(' '));
  await repo.insertUser(ctx.db, {
    username: input.username,
    email: input.email ?? null,
    passwordHash: await hashPassword(input.password),
    role: 'admin',
    isSuperuser: true,
  });
  return { created: true, promoted: false };
}
