import { languageSchema, organizationTypeSchema, reportStatusSchema } from './enums';
import { REQUIRED_MESSAGE } from './fields';
import { createReportFieldsSchema, reportSchema } from './reports';
import { z } from './zod';

/** The longest slug an organisation's intake link can have (`/o/{slug}/report`). */
export const SLUG_MAX = 80;

/**
 * `GET /api/intake/{slug}/`: who reads a report sent from this link. `slug` is the current one:
 * a link with an older slug (before a rename) still works, and the page moves to the current.
 */
export const intakeOrganizationSchema = z.object({
  slug: z.string(),
  name: z.string(),
  type: organizationTypeSchema,
  accepts_guest_reports: z.boolean(),
  /** The language the page opens in for a visitor who chose none; null: theirs. */
  default_language: languageSchema.nullable(),
});
export type IntakeOrganization = z.infer<typeof intakeOrganizationSchema>;

/**
 * `GET /api/intake/challenge/`: a signed proof-of-work challenge (ALTCHA v2). The browser finds
 * the counter whose SHA-256 key starts with `keyPrefix` and sends challenge and solution back as
 * the `proof` field, JSON.
 */
export const proofOfWorkChallengeSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      cost: z.number(),
      keyLength: z.number().optional(),
      keyPrefix: z.string(),
      nonce: z.string(),
      salt: z.string(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.unknown()).optional(),
    })
    .loose(),
  signature: z.string().optional(),
});
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallengeSchema>;

export const proofOfWorkSolutionSchema = z.object({
  counter: z.number().int().min(0),
  derivedKey: z.string().max(256),
  time: z.number().optional(),
});

/** The `proof` field, parsed from its JSON. */
export const proofOfWorkSchema = z.object({
  challenge: proofOfWorkChallengeSchema,
  solution: proofOfWorkSolutionSchema,
});
export type ProofOfWork = z.infer<typeof proofOfWorkSchema>;

/**
 * `POST /api/intake/{slug}/reports/` and `POST /api/intake/reports/` (multipart, no token): the
 * submit form's fields without the anonymity choice (these reports are always anonymous) nor the
 * destination (the link is the destination), the
 * file as `file_upload`, and `proof`.
 */
export const createGuestReportFieldsSchema = createReportFieldsSchema
  .omit({ is_anonymous: true, destination: true })
  .extend({ proof: z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(4000) });
export type CreateGuestReportFields = z.input<typeof createGuestReportFieldsSchema>;

/** A receipt as shown: 16 digits in four groups of four. */
export const RECEIPT_PATTERN = /^\d{4} \d{4} \d{4} \d{4}$/;

/** The answer to filing: the receipt, shown once and never stored in the clear. */
export const guestReportCreatedSchema = z.object({
  receipt: z.string(),
  reference: z.string(),
  submitted_at: z.string(),
  organization_name: z.string().nullable(),
  /** The day the acknowledgement of receipt is due by, and the feedback (`YYYY-MM-DD`). */
  acknowledge_by: z.string(),
  feedback_by: z.string(),
});
export type GuestReportCreated = z.infer<typeof guestReportCreatedSchema>;

export const RECEIPT_FORMAT_MESSAGE = 'Enter the 16 digits of your receipt.';

/** Spaces, dashes and dots between the digits are allowed: people copy receipts in many ways. */
export const receiptInputSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .max(64, RECEIPT_FORMAT_MESSAGE)
  .transform((value) => value.replace(/[\s.\-–]/g, ''))
  .pipe(z.string().regex(/^\d{16}$/, RECEIPT_FORMAT_MESSAGE));

/** `POST /api/track/session/`: the receipt in the body, never in a URL. */
/**
 * The receipt, and a solved challenge of `GET /api/track/challenge/` when /track asks for one
 * (428: many wrong receipts were tried in the last hour).
 */
export const trackSessionInputSchema = z.strictObject({
  receipt: receiptInputSchema,
  proof: z.string().max(8192).optional(),
});
export type TrackSessionInput = z.input<typeof trackSessionInputSchema>;

/** What changed since the reporter's last visit to /track. */
export const trackChangesSchema = z.object({
  is_first_visit: z.boolean(),
  /** The status at the last visit, when it has changed since. */
  previous_status: reportStatusSchema.nullable(),
  /** Administrators' messages sent since the last visit. */
  new_replies: z.number().int(),
});
export type TrackChanges = z.infer<typeof trackChangesSchema>;

/**
 * A guest session scoped to one report: the token goes in `Authorization: Guest <token>` and is
 * kept in the page's memory only.
 */
export const trackSessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  /** The session's length in seconds: the page counts it from the answer, whatever its clock. */
  expires_in: z.number().int().positive(),
  changes: trackChangesSchema,
  report: reportSchema,
});
export type TrackSession = z.infer<typeof trackSessionSchema>;
