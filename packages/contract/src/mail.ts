import { passwordProblems } from './accounts';
import { REQUIRED_MESSAGE, tooLongMessage } from './fields';
import { z } from './zod';

/** The alerts a staff member can receive by email (docs/operating.md "Email"). */
export const alertKinds = [
  'new_report',
  'reporter_reply',
  'deadline_soon',
  'deadline_missed',
  'escalation',
  'access_changed',
  'admin_request',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** These cannot be turned off: a missed deadline, its escalation, and a change to one's access. */
export const alwaysOnAlertKinds: readonly AlertKind[] = [
  'deadline_missed',
  'escalation',
  'access_changed',
];

export const alertKindLabels: Record<AlertKind, string> = {
  new_report: 'A new report in your scope',
  reporter_reply: 'A reporter replied on a case you handle',
  deadline_soon: 'A legal deadline is due in 2 days',
  deadline_missed: 'A legal deadline was missed',
  escalation: 'A deadline missed for 7 days (superuser)',
  access_changed: 'Your access changed',
  admin_request: 'A new administrator request (superuser)',
};

export const alertModes = ['immediate', 'digest', 'off'] as const;
export const alertModeSchema = z.enum(alertModes, {
  error: 'Choose immediate, daily digest or off.',
});
export type AlertMode = z.output<typeof alertModeSchema>;

export const mailSettingsSchema = z.object({
  /** Whether the server sends email at all (SMTP configured). */
  is_mail_on: z.boolean(),
  email: z.string().nullable(),
  /** The account's email was verified and is where alerts go. */
  is_verified: z.boolean(),
  pgp_fingerprint: z.string().nullable(),
  preferences: z.record(z.enum(alertKinds), alertModeSchema),
  /** The UTC hour (0-23) of the daily digest. */
  digest_hour: z.number().int(),
});
export type MailSettings = z.output<typeof mailSettingsSchema>;

export const mailSettingsInputSchema = z
  .strictObject({
    preferences: z.partialRecord(z.enum(alertKinds), alertModeSchema).optional(),
    digest_hour: z.coerce
      .number<number | string>({ error: 'Choose an hour from 0 to 23.' })
      .int('Choose an hour from 0 to 23.')
      .min(0, 'Choose an hour from 0 to 23.')
      .max(23, 'Choose an hour from 0 to 23.')
      .optional(),
  })
  .superRefine((input, ctx) => {
    for (const kind of alwaysOnAlertKinds) {
      if (input.preferences?.[kind] === 'off') {
        ctx.addIssue({
          code: 'custom',
          path: ['preferences', kind],
          message: 'This alert cannot be turned off.',
        });
      }
    }
  });
export type MailSettingsInput = z.input<typeof mailSettingsInputSchema>;

export const PGP_KEY_MAX = 100_000;

export const pgpKeyInputSchema = z.strictObject({
  key: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(PGP_KEY_MAX, tooLongMessage(PGP_KEY_MAX)),
});
export type PgpKeyInput = z.input<typeof pgpKeyInputSchema>;

const tokenSchema = z
  .string({ error: 'This link is not valid.' })
  .min(1, 'This link is not valid.')
  .max(2000, 'This link is not valid.');

export const verifyAddressInputSchema = z.strictObject({ token: tokenSchema });

export const passwordResetRequestSchema = z.strictObject({
  email: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(254, tooLongMessage(254))
    .pipe(z.email('Enter a valid email address.'))
    .transform((value) => value.toLowerCase()),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetInputSchema = z
  .strictObject({
    token: tokenSchema,
    new_password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE),
  })
  .superRefine((input, ctx) => {
    for (const message of passwordProblems(input.new_password)) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message });
    }
  });
export type PasswordResetInput = z.input<typeof passwordResetInputSchema>;

/** The one answer to a reset request, whether or not an account has that address. */
export const PASSWORD_RESET_ANSWER =
  'If a staff account has this verified address, a link to reset its password is on its way. It works once, for 15 minutes.';

export const detailSchema = z.object({ detail: z.string() });
