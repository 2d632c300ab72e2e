import {
  type AlertKind,
  type AlertMode,
  alertKinds,
  type MailSettings,
  type mailSettingsInputSchema,
  PASSWORD_RESET_ANSWER,
  type passwordResetInputSchema,
} from '@candor/contract/mail';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { takeAttempt } from '../../lib/attempts';
import { BadRequestError, FieldValidationError, ForbiddenError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { isStaff } from '../auth/standing';
import { modeOf, queueAddressMail } from '../outbox/outbox';
import { checkPublicKey, formatFingerprint } from '../outbox/pgp';
import { revokeAllLogins } from '../users/sessions.service';
import { findLanguages, findUserById, setPasswordHash } from '../users/users.service';
import {
  passwordStamp,
  RESET_AUDIENCE,
  RESET_TTL_SECONDS,
  readLink,
  signLink,
  VERIFY_AUDIENCE,
  VERIFY_TTL_SECONDS,
} from './links';
import * as repo from './mail.repository';

const NOT_STAFF = 'Email alerts are for administrators and the superuser.';
const MAIL_OFF = 'Email is not set up on this server: ask the operator to configure SMTP.';
const LINK_USED = 'This link has expired or was already used. Ask for a new one.';

function requireStaff(caller: AuthUser) {
  if (!isStaff(caller)) throw new ForbiddenError(NOT_STAFF);
}

function toSettings(
  ctx: Pick<AppContext, 'mailer'>,
  email: string | null,
  row: repo.SettingsRow | null,
): MailSettings {
  const preferences = Object.fromEntries(
    alertKinds.map((kind) => [kind, modeOf(row?.preferences ?? {}, kind)]),
  ) as Record<AlertKind, AlertMode>;
  return {
    is_mail_on: ctx.mailer !== undefined,
    email,
    is_verified: email !== null && row?.verifiedEmail?.toLowerCase() === email.toLowerCase(),
    pgp_fingerprint: row?.pgpFingerprint ? formatFingerprint(row.pgpFingerprint) : null,
    preferences,
    digest_hour: row?.digestHour ?? 8,
  };
}

async function emailOf(ctx: Pick<AppContext, 'db'>, userId: number): Promise<string | null> {
  return (await findUserById(ctx.db, userId))?.email ?? null;
}

export async function getSettings(ctx: AppContext, caller: AuthUser): Promise<MailSettings> {
  requireStaff(caller);
  return toSettings(ctx, await emailOf(ctx, caller.id), await repo.findSettings(ctx.db, caller.id));
}

export async function updateSettings(
  ctx: AppContext,
  caller: AuthUser,
  input: z.output<typeof mailSettingsInputSchema>,
): Promise<MailSettings> {
  requireStaff(caller);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockSettings(tx, caller.id);
    await repo.updateSettings(tx, caller.id, {
      preferences: { ...row.preferences, ...input.preferences },
      ...(input.digest_hour === undefined ? {} : { digestHour: input.digest_hour }),
    });
  });
  return getSettings(ctx, caller);
}

/** Checks the key (OpenPGP.js) and keeps it: alerts are encrypted to it from now on. */
export async function setPgpKey(
  ctx: AppContext,
  caller: AuthUser,
  armored: string,
): Promise<MailSettings> {
  requireStaff(caller);
  let checked: Awaited<ReturnType<typeof checkPublicKey>>;
  try {
    checked = await checkPublicKey(armored, ctx.clock.now());
  } catch (error) {
    if (error instanceof BadRequestError) {
      throw new FieldValidationError({ key: [error.message] });
    }
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    await repo.lockSettings(tx, caller.id);
    await repo.updateSettings(tx, caller.id, {
      pgpKey: checked.armored,
      pgpFingerprint: checked.fingerprint,
    });
  });
  return getSettings(ctx, caller);
}

export async function removePgpKey(ctx: AppContext, caller: AuthUser): Promise<MailSettings> {
  requireStaff(caller);
  await ctx.db.transaction(async (tx) => {
    await repo.lockSettings(tx, caller.id);
    await repo.updateSettings(tx, caller.id, { pgpKey: null, pgpFingerprint: null });
  });
  return getSettings(ctx, caller);
}

function linkTo(ctx: AppContext, page: string, token: string): string {
  // In the fragment: it reaches no server log, history of requests or referrer.
  return `${ctx.config.mail?.publicUrl ?? ''}/${page}#token=${encodeURIComponent(token)}`;
}

/** The language an account reads its mail in (docs/api.md "Languages"); null: English. */
async function languageOf(db: Executor, userId: number) {
  return (await findLanguages(db, [userId])).get(userId) ?? null;
}

/** Writes a verification link for the account's current email, ending every earlier one. */
async function queueVerification(ctx: AppContext, tx: Executor, userId: number, email: string) {
  const epoch = await repo.bumpLinkEpoch(tx, userId);
  const token = await signLink(
    ctx,
    VERIFY_AUDIENCE,
    userId,
    { email: email.toLowerCase(), epoch },
    VERIFY_TTL_SECONDS,
  );
  await queueAddressMail(
    ctx,
    tx,
    'verify_address',
    email,
    linkTo(ctx, 'verify-email', token),
    undefined,
    await languageOf(tx, userId),
  );
}

export async function requestVerification(ctx: AppContext, caller: AuthUser) {
  requireStaff(caller);
  if (!ctx.mailer) throw new BadRequestError(MAIL_OFF);
  const email = await emailOf(ctx, caller.id);
  if (!email) throw new BadRequestError('Add an email address to your profile first.');
  await ctx.db.transaction(async (tx) => {
    await repo.lockSettings(tx, caller.id);
    await queueVerification(ctx, tx, caller.id, email);
  });
  return { detail: `A link to confirm ${email} is on its way. It works once, for 24 hours.` };
}

/** Follows a verification link: the address it names becomes the verified one, once. */
export async function confirmVerification(ctx: AppContext, token: string) {
  const link = await readLink(ctx, VERIFY_AUDIENCE, token);
  if (!link) throw new BadRequestError(LINK_USED);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockSettings(tx, link.userId);
    const user = await findUserById(tx, link.userId);
    const email = typeof link.claims.email === 'string' ? link.claims.email : null;
    if (
      !user?.email ||
      !isStaff(user) ||
      email !== user.email.toLowerCase() ||
      link.claims.epoch !== row.linkEpoch
    ) {
      throw new BadRequestError(LINK_USED);
    }
    await repo.updateSettings(tx, link.userId, { verifiedEmail: user.email });
    await repo.bumpLinkEpoch(tx, link.userId);
  });
  return { detail: 'Your email address is confirmed: alerts will come to it.' };
}

/**
 * After a profile change, in its transaction: when the email changed, the address that was
 * verified is told and stops receiving alerts, and a staff member is sent a link to confirm the
 * new one.
 */
export async function afterEmailChange(
  ctx: AppContext,
  tx: Executor,
  user: { id: number; email: string | null; role: 'user' | 'admin'; isSuperuser: boolean },
  previous: string | null,
): Promise<void> {
  if ((previous ?? '').toLowerCase() === (user.email ?? '').toLowerCase()) return;
  const row = await repo.findSettings(tx, user.id);
  if (row?.verifiedEmail) {
    const language = await languageOf(tx, user.id);
    await queueAddressMail(
      ctx,
      tx,
      'address_changed',
      row.verifiedEmail,
      null,
      undefined,
      language,
    );
    await repo.updateSettings(tx, user.id, { verifiedEmail: null });
  }
  if (ctx.mailer && user.email && isStaff(user)) {
    await repo.lockSettings(tx, user.id);
    await queueVerification(ctx, tx, user.id, user.email);
  }
}

const HOUR = 60 * 60_000;

/**
 * Asks for a reset link: the same answer whatever the address, rate limited per address asked
 * for and per client address. A link is sent only to a staff account's verified address;
 * reporters never get one (docs/operating.md "Email").
 */
export async function requestPasswordReset(ctx: AppContext, email: string, address: string) {
  const limit = ctx.config.passwordResetsPerHour;
  await takeAttempt(ctx.counters, [
    { key: `reset:email:${ctx.hash('reset.email', email)}`, limit, windowMs: HOUR },
    {
      key: `reset:address:${ctx.hash('reset.address', address)}`,
      limit: limit * 4,
      windowMs: HOUR,
    },
  ]);
  const user = ctx.mailer ? await repo.findByVerifiedEmail(ctx.db, email) : null;
  // Signed whether or not there is an account, so both answers take the same work.
  const token = await signLink(
    ctx,
    RESET_AUDIENCE,
    user?.id ?? 0,
    { te: user?.tokenEpoch ?? 0, pw: passwordStamp(ctx, user?.passwordHash ?? '') },
    RESET_TTL_SECONDS,
  );
  if (user?.isActive && isStaff(user)) {
    const language = await languageOf(ctx.db, user.id);
    await ctx.db.transaction((tx) =>
      queueAddressMail(
        ctx,
        tx,
        'password_reset',
        user.email,
        linkTo(ctx, 'reset-password', token),
        undefined,
        language,
      ),
    );
  }
  return { detail: PASSWORD_RESET_ANSWER };
}

/**
 * Sets a new password from a reset link: once (the link names the password it replaces and the
 * account's token epoch, which both change now), within 15 minutes. Every login of the account
 * ends; the second factor stays.
 */
export async function resetPassword(
  ctx: AppContext,
  input: z.output<typeof passwordResetInputSchema>,
) {
  const link = await readLink(ctx, RESET_AUDIENCE, input.token);
  if (!link) throw new BadRequestError(LINK_USED);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findCandidate(tx, link.userId);
    if (
      !user?.isActive ||
      !isStaff(user) ||
      user.verifiedEmail?.toLowerCase() !== user.email?.toLowerCase() ||
      link.claims.te !== user.tokenEpoch ||
      link.claims.pw !== passwordStamp(ctx, user.passwordHash)
    ) {
      throw new BadRequestError(LINK_USED);
    }
    if (input.new_password.toLowerCase() === user.username.toLowerCase()) {
      throw new FieldValidationError({
        new_password: ['The password is too similar to the username.'],
      });
    }
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllLogins(tx, user.id);
    await insertAuditEntry(tx, {
      actorUserId: user.id,
      actorRole: user.isSuperuser ? 'superuser' : 'admin',
      action: 'user.password_reset',
      objectType: 'user',
      objectId: user.id,
    });
  });
  return { detail: 'Your password was changed and every login ended. Sign in with the new one.' };
}
