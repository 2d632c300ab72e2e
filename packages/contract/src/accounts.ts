import { planSchema, roleSchema } from './enums';
import { REQUIRED_MESSAGE, tooLongMessage } from './fields';
import { LANGUAGE_CHOICE_MESSAGE, languages } from './languages';
import { z } from './zod';

export const USERNAME_MAX = 150;

import { PASSWORD_MIN } from './labels';

export { PASSWORD_MIN };
export const PASSWORD_MAX = 128;

export const usernameSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .max(USERNAME_MAX, {
    error: tooLongMessage(USERNAME_MAX),
    abort: true,
  })
  .regex(
    /^[\w.@+-]+$/,
    'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  );

/** Email is optional (the register form has no input for it) but validated when given. */
export const optionalEmailSchema = z
  .union([z.literal(''), z.null(), z.email('Enter a valid email address.').max(254)])
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null));

export const requiredEmailSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .pipe(z.email('Enter a valid email address.').max(254))
  .transform((value) => value.toLowerCase());

const nameSchema = z.string().trim().max(150, tooLongMessage(150));
/** Registration: a missing name is an empty one. */
const registerNameSchema = nameSchema.optional().default('');

/** The password rules, as messages; shared by the server and the register form. */
export function passwordProblems(password: string, username?: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) {
    problems.push(
      `This password is too short. It must contain at least ${PASSWORD_MIN} characters.`,
    );
  }
  if (password.length > PASSWORD_MAX) {
    problems.push(tooLongMessage(PASSWORD_MAX));
  }
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (username && password.toLowerCase() === username.toLowerCase()) {
    problems.push('The password is too similar to the username.');
  }
  return problems;
}

export const registerInputSchema = z
  .strictObject({
    username: usernameSchema,
    email: optionalEmailSchema,
    password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE),
    first_name: registerNameSchema,
    last_name: registerNameSchema,
    /** The code shown to an applicant for admin access without an account (README). */
    claim_code: z
      .string()
      .trim()
      .max(64, tooLongMessage(64))
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((input, ctx) => {
    for (const message of passwordProblems(input.password, input.username)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message });
    }
  });
export type RegisterInput = z.input<typeof registerInputSchema>;

export const registeredUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

export const loginInputSchema = z.strictObject({
  username: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(USERNAME_MAX),
  password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * The login of an account with a second factor answers no tokens: a short-lived challenge to
 * send with a code to POST /api/two-factor/login/ (docs/operating.md "Second factor"). Accounts without
 * one get the token pair, as before.
 */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const loginAnswerSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const refreshInputSchema = z.strictObject({
  refresh: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(512),
});
export type RefreshInput = z.infer<typeof refreshInputSchema>;

export const logoutInputSchema = refreshInputSchema;
export type LogoutInput = RefreshInput;

export const profileSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  plan: planSchema,
  is_superuser: z.boolean(),
  /**
   * An administrator's label, as reporters choosing who reads their report see them
   * (`PUT /api/admin/handler-label/`); null: "Administrator", and always null for others.
   */
  handler_label: z.string().nullable(),
  /**
   * The language the account reads Candor in (its notices and alert mail); null until the person
   * chooses one, read as English.
   */
  language: z.enum(languages).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A language of Candor's (`languages`), or null to go back to English by default. */
export const accountLanguageSchema = z
  .enum(languages, { error: LANGUAGE_CHOICE_MESSAGE })
  .nullable();

/** `PATCH /api/accounts/profile/`: the account's language alone. */
export const profileLanguageInputSchema = z.strictObject({
  language: accountLanguageSchema,
});
export type ProfileLanguageInput = z.input<typeof profileLanguageInputSchema>;

export const updateProfileInputSchema = z.strictObject({
  username: usernameSchema,
  email: requiredEmailSchema,
  /** Left out, a name is kept as it is (not emptied). */
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  /** Left out, the language is kept as it is. */
  language: accountLanguageSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;

/** Claims of the access token (as in the original product, docs/protection.md "Protecting reporters"). */
export const accessClaimsSchema = z.object({
  user_id: z.number().int(),
  role: roleSchema,
  plan: planSchema,
  is_superuser: z.boolean(),
  /**
   * Staff only: `verified` when the login gave the second factor; `enrolment_required` while
   * REQUIRE_STAFF_2FA withholds the role of staff who have not enrolled (role is then 'user').
   */
  two_factor: z.enum(['verified', 'enrolment_required']).optional(),
  /** The account's token epoch when signed: a token of an earlier epoch is refused. */
  ver: z.number().int().optional(),
  exp: z.number(),
  jti: z.string(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** `POST /api/accounts/password/`: every other login of the account ends. */
export const changePasswordInputSchema = z
  .strictObject({
    current_password: z
      .string({ error: REQUIRED_MESSAGE })
      .min(1, REQUIRED_MESSAGE)
      .max(PASSWORD_MAX, tooLongMessage(PASSWORD_MAX)),
    new_password: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE),
  })
  .superRefine((input, ctx) => {
    for (const message of passwordProblems(input.new_password)) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** `POST /api/accounts/delete/`: the password confirms it. */
export const deleteAccountInputSchema = z.strictObject({
  password: z
    .string({ error: REQUIRED_MESSAGE })
    .min(1, REQUIRED_MESSAGE)
    .max(PASSWORD_MAX, tooLongMessage(PASSWORD_MAX)),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

/**
 * `GET /api/accounts/my-data/`: what the account holds, for its owner only. Reports filed with
 * the account, anonymous ones included, with the messages the reporter can see.
 */
export const myDataSchema = z.object({
  generated_at: z.string(),
  profile: profileSchema
    .pick({
      username: true,
      email: true,
      first_name: true,
      last_name: true,
      role: true,
      plan: true,
    })
    .extend({
      /** UTC day. */
      registered_on: z.string(),
    }),
  reports: z.array(
    z.object({
      reference: z.string(),
      title: z.string(),
      description: z.string(),
      category: z.string(),
      status: z.string(),
      is_anonymous: z.boolean(),
      organization_name: z.string().nullable(),
      submitted_at: z.string(),
      messages: z.array(
        z.object({
          from: z.enum(['me', 'administrator']),
          message: z.string(),
          sent_at: z.string(),
        }),
      ),
    }),
  ),
  notifications: z.array(
    z.object({
      message: z.string(),
      report_reference: z.string().nullable(),
      is_read: z.boolean(),
      created_at: z.string(),
    }),
  ),
});
export type MyData = z.infer<typeof myDataSchema>;
