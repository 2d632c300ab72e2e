import { passwordProblems } from '@candor/contract/accounts';
import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/passwords';
import { insertAuditEntry } from '../audit/audit.service';
import { revokeAllLogins } from '../users/sessions.service';
import * as users from '../users/users.service';
import * as repo from './accounts.repository';

export type SuperuserInput = { username: string; password: string; email?: string };

/** A name that only its present holder may use: the superuser named by SUPERUSER_USERNAME. */
export function isReservedUsername(
  config: Pick<AppContext['config'], 'superuser'>,
  username: string,
): boolean {
  const reserved = config.superuser?.username;
  return reserved !== undefined && reserved.toLowerCase() === username.toLowerCase();
}

async function insertSuperuser(ctx: Pick<AppContext, 'db'>, input: SuperuserInput) {
  const problems = passwordProblems(input.password, input.username);
  if (problems.length > 0) throw new Error(problems.join(' '));
  await repo.insertUser(ctx.db, {
    username: input.username,
    email: input.email ?? null,
    passwordHash: await hashPassword(input.password),
    role: 'admin',
    isSuperuser: true,
  });
}

export type BootstrapOutcome =
  | { outcome: 'created' }
  | { outcome: 'confirmed' }
  /** An account of that name exists and is not the superuser: left exactly as it was. */
  | { outcome: 'refused'; existingUsername: string };

/**
 * Start-up with SUPERUSER_USERNAME and SUPERUSER_PASSWORD set: creates the account when no
 * account has that name (in any letter case), or confirms one that already is the superuser,
 * without touching its password. It never promotes anyone: an account of that name may have
 * been registered by someone else (README.md "First start"); promotion belongs to the command line.
 */
export async function bootstrapSuperuser(
  ctx: Pick<AppContext, 'db'>,
  input: SuperuserInput,
): Promise<BootstrapOutcome> {
  const existing = await users.findUserByUsername(ctx.db, input.username);
  if (!existing) {
    await insertSuperuser(ctx, input);
    return { outcome: 'created' };
  }
  if (existing.isSuperuser) return { outcome: 'confirmed' };
  return { outcome: 'refused', existingUsername: existing.username };
}

export type CommandLineOutcome = { outcome: 'created' | 'promoted' | 'password-updated' };

export class PromotionNeedsConfirmationError extends Error {
  constructor(readonly username: string) {
    super(
      `An account named "${username}" already exists and is not a superuser. To make it the ` +
        'superuser, run the command again with --promote: its password is replaced by the one ' +
        'you give and all its sessions end.',
    );
  }
}

/**
 * The command line (`npm run create-superuser`): creates the superuser, or, only when asked with
 * `promote`, promotes an existing account. Whoever runs it holds the server's data and gives
 * the new password, so a promoted account's old password and sessions stop working.
 */
export async function createOrPromoteSuperuser(
  ctx: Pick<AppContext, 'db'>,
  input: SuperuserInput,
  options: { promote: boolean },
): Promise<CommandLineOutcome> {
  const existing = await users.findUserByUsername(ctx.db, input.username);
  if (!existing) {
    await insertSuperuser(ctx, input);
    return { outcome: 'created' };
  }
  if (!existing.isSuperuser && !options.promote) {
    throw new PromotionNeedsConfirmationError(existing.username);
  }
  const problems = passwordProblems(input.password, existing.username);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await users.updateUser(tx, existing.id, {
      isSuperuser: true,
      role: 'admin',
      isActive: true,
      passwordHash,
    });
    await revokeAllLogins(tx, existing.id);
    // A promotion is a role change (docs/design.md "Tamper-evident audit"); the operator at the console is "system".
    if (!existing.isSuperuser) {
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
  return { outcome: existing.isSuperuser ? 'password-updated' : 'promoted' };
}
