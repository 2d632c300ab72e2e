import { languageSchema, organizationTypeSchema } from './enums';
import { REQUIRED_MESSAGE, requiredText } from './fields';
import { z } from './zod';

/** The caller's organisation; `is_admin` when the caller administers it. */
export const myOrganizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: organizationTypeSchema,
    is_admin: z.boolean(),
    /** Its intake link is `/o/{slug}/report`. */
    slug: z.string(),
    /** Whether the intake link takes reports from people without an account. */
    accepts_guest_reports: z.boolean(),
    /** The organisation's own legal periods (deadlines.ts); null: the platform's. */
    acknowledge_days: z.number().int().nullable(),
    feedback_days: z.number().int().nullable(),
    /** Days closed reports are kept before they are purged; null: the platform's (below). */
    retention_days: z.number().int().nullable(),
    /** The platform's retention (RETENTION_DAYS): the organisation's can only be shorter. */
    platform_retention_days: z.number().int(),
    /** Whether reporters see each handler's name beside their label (off by default). */
    reader_names_shown: z.boolean(),
    /** The language its intake page opens in for a visitor who chose none; null: theirs. */
    default_language: languageSchema.nullable(),
  })
  .nullable();
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

export const joinOrganizationInputSchema = z.strictObject({
  code: requiredText(64),
});
export type JoinOrganizationInput = z.infer<typeof joinOrganizationInputSchema>;

/** A new join code, shown once: only its keyed hash is stored. */
export const joinCodeSchema = z.object({ code: z.string() });
export type JoinCode = z.infer<typeof joinCodeSchema>;

/**
 * `PATCH /api/organizations/mine/` (its administrator): rename, turn guest reports off, show
 * handlers' names to reporters, or set the intake page's language.
 */
export const updateMyOrganizationInputSchema = z
  .strictObject({
    name: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: REQUIRED_MESSAGE, abort: true })
      .max(200, 'Ensure this field has no more than 200 characters.')
      .optional(),
    accepts_guest_reports: z.boolean().optional(),
    /** Show each handler's name beside their label to reporters choosing who reads a report. */
    reader_names_shown: z.boolean().optional(),
    /** The intake page's language for visitors who chose none; null: theirs. */
    default_language: languageSchema.nullable().optional(),
  })
  .refine(
    (value) =>
      value.name !== undefined ||
      value.accepts_guest_reports !== undefined ||
      value.reader_names_shown !== undefined ||
      value.default_language !== undefined,
    {
      message: 'Send a new name, accepts_guest_reports, reader_names_shown or default_language.',
    },
  );
export type UpdateMyOrganizationInput = z.input<typeof updateMyOrganizationInputSchema>;

/** `GET /api/organizations/members/` (its administrators): the accounts of the organisation. */
export const organizationMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The UTC day they joined (YYYY-MM-DD). */
  member_since: z.string().nullable(),
  is_active: z.boolean(),
  /** An administrator of the organisation: never removed from this screen. */
  is_admin: z.boolean(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;
