import { deleteAccountInputSchema, tokenPairSchema } from './accounts';
import { roleSchema } from './enums';
import { REQUIRED_MESSAGE } from './fields';
import { z } from './zod';

/** Six digits from an authenticator app; spaces typed between groups are dropped. */
export const totpCodeSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, REQUIRED_MESSAGE)
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
  );

/** A recovery code as shown (`abcde-fghij`); case, spaces and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, REQUIRED_MESSAGE)
      .regex(/^[a-z0-9]{10}$/, 'Enter a recovery code as it was shown (ten letters and digits).'),
  );

export const RECOVERY_CODE_COUNT = 10;

/** The second step of a login: the challenge and either an authenticator or a recovery code. */
export const twoFactorLoginInputSchema = z.union([
  z.strictObject({
    challenge: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(2048),
    code: totpCodeSchema,
  }),
  z.strictObject({
    challenge: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(2048),
    recovery_code: recoveryCodeSchema,
  }),
]);
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginInputSchema>;

export const twoFactorCodeInputSchema = z.strictObject({ code: totpCodeSchema });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeInputSchema>;

/**
 * The current password, asked before the second factor is set up or new recovery codes are
 * made: a live access token alone (stolen, or a session left open) must not be able to.
 */
export const twoFactorPasswordInputSchema = deleteAccountInputSchema;
export type TwoFactorPasswordInput = z.input<typeof twoFactorPasswordInputSchema>;

/** Turning the second factor off: a current code from the app, and the current password. */
export const twoFactorDisableInputSchema = z.strictObject({
  code: totpCodeSchema,
  password: deleteAccountInputSchema.shape.password,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableInputSchema>;

/** New recovery codes, shown once; the earlier ones stop working. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesSchema>;

/** The recovery-code field of the login's second step, as its form checks it. */
export const recoveryCodeInputSchema = z.strictObject({ recovery_code: recoveryCodeSchema });
export type RecoveryCodeInput = z.input<typeof recoveryCodeInputSchema>;

/** The caller's second factor; never the secret, which is shown once at enrolment. */
export const twoFactorStatusSchema = z.object({
  /** Administrators and the superuser may enrol; others have nothing to enrol. */
  is_staff: z.boolean(),
  is_enabled: z.boolean(),
  /** REQUIRE_STAFF_2FA: staff act as plain users until enrolled. */
  is_required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Shown once, when enrolment starts: the QR code (an SVG data URL) and the same secret as text. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** Enrolment confirmed: ten recovery codes, shown once, and a new login that gave the code. */
export const twoFactorEnabledSchema = z.object({
  recovery_codes: z.array(z.string()),
  tokens: tokenPairSchema,
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** The superuser's list of staff and whether each has enrolled. */
export const staffTwoFactorSchema = z.object({
  is_required: z.boolean(),
  results: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      role: roleSchema,
      is_superuser: z.boolean(),
      is_enabled: z.boolean(),
    }),
  ),
});
export type StaffTwoFactor = z.infer<typeof staffTwoFactorSchema>;
