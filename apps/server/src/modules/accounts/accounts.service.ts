import type {
  Profile,
  RegisteredUser,
  registerInputSchema,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import type { Language } from '@candor/contract/languages';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { FieldValidationError, UnauthorizedError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { redeemClaimCode } from '../access-requests/access-requests.service';
import type { AuthUser } from '../auth/caller';
import { afterEmailChange } from '../mail/mail.service';
import * as users from '../users/users.service';
import * as repo from './accounts.repository';
import { isReservedUsername } from './superuser.service';

const DUPLICATE_USERNAME = 'A user with that username already exists.';
const DUPLICATE_EMAIL = 'A user with that email already exists.';

type RegisterData = z.output<typeof registerInputSchema>;
type UpdateProfileData = z.output<typeof updateProfileInputSchema>;

/**
 * The superuser's configured name counts as taken even while no account holds it (after the
 * superuser renamed itself), or the next start would find an account of that name.
 */
async function isUsernameUnavailable(ctx: AppContext, username: string, exceptId?: number) {
  if (await repo.isUsernameTaken(ctx.db, username, exceptId)) return true;
  if (!isReservedUsername(ctx.config, username)) return false;
  const self = exceptId === undefined ? null : await users.findUserById(ctx.db, exceptId);
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

function toProfile(user: users.UserRow): Profile {
  return {
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    plan: user.plan,
    is_superuser: user.isSuperuser,
    handler_label: user.role === 'admin' ? user.handlerLabel : null,
    language: user.language,
  };
}

/** The role shown is the one the caller acts with (a staff role held back shows as 'user'). */
export async function getProfile(ctx: AppContext, caller: AuthUser): Promise<Profile> {
  const user = await users.findUserById(ctx.db, caller.id);
  if (!user) throw new UnauthorizedError();
  return { ...toProfile(user), role: caller.role, is_superuser: caller.isSuperuser };
}

/** The account's language (docs/api.md "Languages"), and nothing else of the profile. */
export async function setLanguage(
  ctx: AppContext,
  caller: AuthUser,
  language: Language | null,
): Promise<Profile> {
  const user = await users.updateUser(ctx.db, caller.id, { language });
  if (!user) throw new UnauthorizedError();
  return { ...toProfile(user), role: caller.role, is_superuser: caller.isSuperuser };
}

export async function updateProfile(
  ctx: AppContext,
  caller: AuthUser,
  input: UpdateProfileData,
): Promise<Profile> {
  const userId = caller.id;
  const duplicates = await duplicateFields(ctx, input.username, input.email, userId);
  if (Object.keys(duplicates).length > 0) throw new FieldValidationError(duplicates);
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const previous = await users.findUserById(tx, userId);
      const updated = await users.updateUser(tx, userId, {
        username: input.username,
        email: input.email,
        ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
        ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
        ...(input.language === undefined ? {} : { language: input.language }),
      });
      if (!updated || !previous) throw new UnauthorizedError();
      await afterEmailChange(ctx, tx, updated, previous.email);
      return updated;
    });
    return { ...toProfile(user), role: caller.role, is_superuser: caller.isSuperuser };
  } catch (error) {
    const fields = uniqueViolationFields(error);
    if (fields) throw new FieldValidationError(fields);
    throw error;
  }
}
