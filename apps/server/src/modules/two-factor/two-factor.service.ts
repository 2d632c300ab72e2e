import type {
  RecoveryCodesAnswer,
  StaffTwoFactor,
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@candor/contract/two-factor';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedColumns } from '../../db/sealed-columns';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { type AuditEntry, insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { isStaff } from '../auth/standing';
import { createNotifications } from '../notifications/notifications.service';
import { verifyCurrentPassword } from '../users/current-password';
import { revokeAllLogins, startSession } from '../users/sessions.service';
import { findUserById, hasEnabledCredential } from '../users/users.service';
import { takeCodeAttempt } from './code-gate';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { describeSecret, newTotpSecret } from './totp';
import * as repo from './two-factor.repository';
import { acceptTotp, WRONG_CODE } from './verify-code';

const SECRET_PURPOSE = sealedColumns.twoFactorSecret.purpose;
const NOT_STAFF = 'Only administrators and the superuser can turn on two-factor authentication.';
const ALREADY_ON = 'Two-factor authentication is already on for this account.';
const NOT_STARTED = 'Start the set-up again: no authenticator is waiting to be confirmed.';
const REQUIRED = 'Two-factor authentication is required for staff on this site.';
const NOT_ENROLLED = 'This account has no second factor to reset.';
const CODE_FIRST = 'Sign in with a code from your authenticator app first.';
const IF_NOT_YOU = 'If this was not you, change your password at once and tell the superuser.';

/** The account's own staff role, even while it is held back (standing.ts). */
function ownRole(caller: AuthUser) {
  return caller.withheld ?? { role: caller.role, isSuperuser: caller.isSuperuser };
}

function actorOf(caller: AuthUser) {
  return {
    actorUserId: caller.id,
    actorRole: ownRole(caller).isSuperuser ? ('superuser' as const) : ('admin' as const),
  };
}

function requireStaff(caller: AuthUser) {
  if (!isStaff(ownRole(caller))) throw new ForbiddenError(NOT_STAFF);
}

export async function getStatus(ctx: AppContext, caller: AuthUser): Promise<TwoFactorStatus> {
  const credential = await repo.findCredential(ctx.db, caller.id);
  const isEnabled = credential?.isEnabled ?? false;
  return {
    is_staff: isStaff(ownRole(caller)),
    is_enabled: isEnabled,
    is_required: ctx.config.twoFactor.isRequiredForStaff,
    recovery_codes_left: isEnabled ? await repo.countRecoveryCodes(ctx.db, caller.id) : 0,
  };
}

/** Tells the account holder, in the transaction of the change, what was done to their account. */
async function tellHolder(ctx: AppContext, tx: Executor, userId: number, message: string) {
  await createNotifications(ctx, tx, [
    { userId, message: `${message} ${IF_NOT_YOU}`, alert: 'access_changed' },
  ]);
}

/** A change the holder made to their own second factor: audited, and told to them. */
async function recordOwnChange(
  ctx: AppContext,
  tx: Executor,
  caller: AuthUser,
  action: AuditEntry['action'],
  message: string,
) {
  await insertAuditEntry(tx, {
    ...actorOf(caller),
    action,
    objectType: 'user',
    objectId: caller.id,
  });
  await tellHolder(ctx, tx, caller.id, message);
}

/**
 * A new secret, sealed at once; shown this once (the status never shows it again). Asks for the
 * current password: a live access token alone must not be able to set up a second factor, which
 * would end the owner's logins and then ask them for a code only the thief has.
 */
export async function startEnrolment(
  ctx: AppContext,
  caller: AuthUser,
  proof: { password: string; address: string },
): Promise<TwoFactorEnrolment> {
  requireStaff(caller);
  if (await hasEnabledCredential(ctx.db, caller.id)) throw new BadRequestError(ALREADY_ON);
  await verifyCurrentPassword(ctx, caller.id, { ...proof, field: 'password' });
  const secret = newTotpSecret();
  await repo.savePendingCredential(ctx.db, caller.id, ctx.sealer.seal(secret, SECRET_PURPOSE));
  const described = await describeSecret(secret, caller.username);
  return { secret, otpauth_uri: described.uri, qr_code: described.qrCode };
}

async function saveRecoveryCodes(ctx: AppContext, tx: Executor, userId: number) {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => hashRecoveryCode(ctx.hash, userId, code)),
  );
  return codes;
}

/**
 * A code from the app confirms the enrolment. Every other login of the account ends (they did
 * not give the factor), and a new login that gave it is answered with the recovery codes.
 */
export async function confirmEnrolment(
  ctx: AppContext,
  caller: AuthUser,
  code: string,
): Promise<TwoFactorEnabled> {
  requireStaff(caller);
  const attempt = await takeCodeAttempt(ctx, caller.id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const credential = await repo.lockCredential(tx, caller.id);
    if (!credential) throw new BadRequestError(NOT_STARTED);
    if (credential.isEnabled) throw new BadRequestError(ALREADY_ON);
    if (!(await acceptTotp(ctx, tx, credential, code))) return null;
    await repo.updateCredential(tx, caller.id, { isEnabled: true });
    const recoveryCodes = await saveRecoveryCodes(ctx, tx, caller.id);
    await revokeAllLogins(tx, caller.id);
    await recordOwnChange(
      ctx,
      tx,
      caller,
      'user.two_factor_enabled',
      'Two-factor authentication was turned on for your account.',
    );
    const user = await findUserById(tx, caller.id);
    if (!user) throw new NotFoundError();
    return { recovery_codes: recoveryCodes, tokens: await startSession(ctx, tx, user, true) };
  });
  if (!outcome) {
    throw new BadRequestError(WRONG_CODE);
  }
  await attempt.succeeded();
  return outcome;
}

/**
 * Turning it off takes the current password and a current code; refused while it is required
 * of staff.
 */
export async function disable(
  ctx: AppContext,
  caller: AuthUser,
  input: { code: string; password: string; address: string },
): Promise<void> {
  if (ctx.config.twoFactor.isRequiredForStaff && isStaff(ownRole(caller))) {
    throw new BadRequestError(REQUIRED);
  }
  await verifyCurrentPassword(ctx, caller.id, {
    password: input.password,
    field: 'password',
    address: input.address,
  });
  const { code } = input;
  const attempt = await takeCodeAttempt(ctx, caller.id);
  const isDone = await ctx.db.transaction(async (tx) => {
    const credential = await repo.lockCredential(tx, caller.id);
    if (!credential?.isEnabled) throw new BadRequestError(NOT_ENROLLED);
    if (!(await acceptTotp(ctx, tx, credential, code))) return false;
    await repo.deleteTwoFactor(tx, caller.id);
    await recordOwnChange(
      ctx,
      tx,
      caller,
      'user.two_factor_disabled',
      'Two-factor authentication was turned off for your account.',
    );
    return true;
  });
  if (!isDone) {
    throw new BadRequestError(WRONG_CODE);
  }
  await attempt.succeeded();
}

/**
 * Ten new recovery codes, shown once; the earlier ones stop working. Only on a login that gave
 * the second factor, and with the current password.
 */
export async function renewRecoveryCodes(
  ctx: AppContext,
  caller: AuthUser,
  proof: { password: string; address: string },
): Promise<RecoveryCodesAnswer> {
  requireStaff(caller);
  if (caller.withheld) throw new ForbiddenError(CODE_FIRST);
  await verifyCurrentPassword(ctx, caller.id, { ...proof, field: 'password' });
  return ctx.db.transaction(async (tx) => {
    const credential = await repo.lockCredential(tx, caller.id);
    if (!credential?.isEnabled) throw new BadRequestError(NOT_ENROLLED);
    const codes = await saveRecoveryCodes(ctx, tx, caller.id);
    await recordOwnChange(
      ctx,
      tx,
      caller,
      'user.two_factor_recovery_codes_renewed',
      'New recovery codes were made for your account; the earlier ones no longer work.',
    );
    return { recovery_codes: codes };
  });
}

export async function listStaff(ctx: AppContext): Promise<StaffTwoFactor> {
  const rows = await repo.findStaff(ctx.db);
  return {
    is_required: ctx.config.twoFactor.isRequiredForStaff,
    results: rows.map((row) => ({
      id: row.id,
      username: row.username,
      role: row.role,
      is_superuser: row.isSuperuser,
      is_enabled: Boolean(row.isEnabled),
    })),
  };
}

/**
 * The superuser removes a staff member's second factor (a lost phone and no recovery code): the
 * credential and recovery codes go, every login of the account ends, and it is audited. The
 * account then enrols again (at once, when REQUIRE_STAFF_2FA is on).
 */
export async function resetForStaff(
  ctx: AppContext,
  superuser: AuthUser,
  userId: number,
): Promise<void> {
  const target = await findUserById(ctx.db, userId);
  if (!target || !isStaff(target)) throw new NotFoundError();
  await ctx.db.transaction(async (tx) => {
    const hadOne = await repo.deleteTwoFactor(tx, userId);
    if (!hadOne) throw new BadRequestError(NOT_ENROLLED);
    await revokeAllLogins(tx, userId);
    await createNotifications(ctx, tx, [
      {
        userId,
        message:
          'The superuser reset your two-factor authentication: set it up again when you next sign in. If you did not ask for this, tell the superuser.',
        alert: 'access_changed',
      },
    ]);
    await insertAuditEntry(tx, {
      actorUserId: superuser.id,
      actorRole: 'superuser',
      action: 'user.two_factor_reset',
      objectType: 'user',
      // The object id names the account; a username would outlive a deletion in this log.
      objectId: userId,
    });
  });
}
