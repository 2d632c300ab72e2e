import { reportDeadlinesShape } from './deadlines';
import {
  organizationTypeSchema,
  reportCategorySchema,
  reportDestinationSchema,
  reportStatusSchema,
} from './enums';
import { REQUIRED_MESSAGE, requiredText, tooLongMessage } from './fields';
import {
  DEFAULT_MAX_UPLOAD_MB,
  EVIDENCE_TYPE_MESSAGE,
  evidenceMimeTypes,
  evidenceTooLargeMessage,
  MESSAGE_MAX,
  REPORT_DESCRIPTION_MAX,
  REPORT_TITLE_MAX,
} from './labels';
import { LANGUAGE_CHOICE_MESSAGE, languages } from './languages';
import { z } from './zod';

export {
  DEFAULT_MAX_UPLOAD_MB,
  EVIDENCE_TYPE_MESSAGE,
  evidenceMimeTypes,
  evidenceTooLargeMessage,
  MESSAGE_MAX,
  REPORT_DESCRIPTION_MAX,
  REPORT_TITLE_MAX,
};

/** A multipart checkbox: 'true'/'false' (what the web app sends), also 'on', '1', '0'. */
export const formBoolean = (fallback: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', ''])])
    .optional()
    .transform((value) => {
      if (value === undefined || value === '') return fallback;
      if (typeof value === 'boolean') return value;
      return value === 'true' || value === 'on' || value === '1';
    });

/**
 * Text that may be left empty when a voice message says it instead: trimmed, at most `max`
 * characters; the server asks for one or the other.
 */
const textOrVoice = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .max(max, tooLongMessage(max))
    .optional()
    .transform((value) => value ?? '');

/** The token of a listen-back (`POST /api/voice/preview/`), sent with its recording. */
const voiceTokenField = z.string().max(200).optional();

/**
 * The text fields of `POST /api/reports/` (multipart); the file travels as `file_upload`, a voice
 * message as `voice_recording` (with `voice_token` when it is a listen-back's). The description
 * may be left empty when a voice message is sent.
 */
/** A reader's opaque id (`readerSchema`): 24 hexadecimal digits. */
export const READER_ID_PATTERN = /^[0-9a-f]{24}$/;
/** Up to 50 reader ids, comma-separated. */
const READER_IDS = /^([0-9a-f]{24}(,[0-9a-f]{24}){0,49})?$/;

export const createReportFieldsSchema = z.strictObject({
  title: requiredText(REPORT_TITLE_MAX),
  category: z
    .union([z.literal(''), reportCategorySchema], {
      error: 'Choose abuse, corruption, harassment or other.',
    })
    .optional()
    .transform((value) => value || 'abuse'),
  description: textOrVoice(REPORT_DESCRIPTION_MAX),
  priority_flag: formBoolean(false),
  /** Not on the spec's form; anonymous unless the reporter unticks it. */
  is_anonymous: formBoolean(true),
  /**
   * Not on the spec's form. A member of an organisation sends to its administrators unless they
   * choose `platform`; without an organisation a report always goes to the platform.
   */
  destination: z
    .union([z.literal(''), reportDestinationSchema], {
      error: 'Choose organization or platform.',
    })
    .optional()
    .transform((value) => value || undefined),
  voice_token: voiceTokenField,
  /**
   * The readers (handlers, by id) the reporter keeps from the report, comma-separated: "If your
   * report is about one of these people, untick them." At least one reader must remain.
   */
  excluded_readers: z
    .string()
    .regex(READER_IDS, { error: 'Choose among the readers listed.' })
    .optional()
    .transform((value) => (value ? [...new Set(value.split(','))] : [])),
});
export type CreateReportFields = z.input<typeof createReportFieldsSchema>;
export type CreateReportFieldsValues = z.output<typeof createReportFieldsSchema>;

/**
 * A handler as a reporter choosing who reads their report sees them: an opaque id (it names the
 * handler to the server alone), the label they chose, and their name only when their
 * organisation shows names (null otherwise).
 */
export const readerSchema = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string().nullable(),
});
export type Reader = z.infer<typeof readerSchema>;

/** A stored voice message as payloads show it. */
export const voiceMessageSchema = z.object({
  /** A short-lived signed link to the disguised file (`audio/webm`), like evidence links. */
  url: z.string(),
  duration_ms: z.number().int(),
  mime: z.string(),
});
export type VoiceMessage = z.infer<typeof voiceMessageSchema>;

/** As in the original product (Report): plus the evidence kind so the page can preview it. */
export const reportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: reportCategorySchema,
  status: reportStatusSchema,
  submitted_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  priority_flag: z.boolean(),
  is_anonymous: z.boolean(),
  is_premium_report: z.boolean(),
  /** A short-lived signed link (docs/protection.md "Protecting reporters"), or null when no file was attached. */
  file_upload: z.string().nullable(),
  file_kind: z.enum(['image', 'video']).nullable(),
  request_type: z.enum(['organization']).nullable(),
  organization_name: z.string().nullable(),
  organization_type: organizationTypeSchema.nullable(),
  justification: z.string().nullable(),
  /** The reference number a reporter can quote, e.g. CND-7K3Q-9XW2-M4TD. */
  token: z.string(),
  /**
   * Null for anonymous reports, whoever asks, and for an identified report whose reporter
   * deleted their account (shown as DELETED_ACCOUNT_NAME).
   */
  submitted_by_username: z.string().nullable(),
  /** Whose administrators handle it: the organisation named above, or the platform's. */
  destination: reportDestinationSchema,
  /** Filed without an account from an intake link: shown to admins as "No account". */
  is_guest: z.boolean(),
  /** The legal clock (deadlines.ts): when acknowledgement and feedback are due, and were given. */
  ...reportDeadlinesShape,
  /**
   * A closed report's purge day (UTC, `YYYY-MM-DD`): from then on it, its messages and its file
   * are removed (docs/operating.md "Retention"). Null while the report is open.
   */
  purge_on: z.string().nullable(),
  /** The report's own voice message, disguised (docs/protection.md "Voice messages"), or null. */
  voice: voiceMessageSchema.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** As in the original product (Message). */
export const reportMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  sent_at: z.string(),
  is_internal: z.boolean(),
  is_sender_admin: z.boolean(),
  is_current_user_sender: z.boolean(),
  display_sender_name: z.string(),
  /** An administrator's reply marked as feedback on the report (the legal clock's feedback). */
  is_feedback: z.boolean(),
  /** A voice message, disguised; its text (`message`) may then be empty. */
  voice: voiceMessageSchema.nullable(),
});
export type ReportMessage = z.infer<typeof reportMessageSchema>;

export const createMessageInputSchema = z.strictObject({
  message: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: 'A message cannot be empty.', abort: true })
    .max(MESSAGE_MAX, tooLongMessage(MESSAGE_MAX)),
  /** Admins only; the server refuses it from anyone else. */
  is_internal: z.boolean().optional().default(false),
  /** Admins only, on a reply to the reporter (never an internal note): it gives feedback. */
  is_feedback: z.boolean().optional().default(false),
});
export type CreateMessageInput = z.input<typeof createMessageInputSchema>;

/**
 * `POST /api/reports/{id}/comments/voice/` and `POST /api/track/messages/voice/` (multipart): a
 * voice message as `voice_recording`, with text beside it or none.
 */
export const createVoiceMessageFieldsSchema = z.strictObject({
  message: textOrVoice(MESSAGE_MAX),
  is_internal: formBoolean(false),
  is_feedback: formBoolean(false),
  voice_token: voiceTokenField,
});
export type CreateVoiceMessageFields = z.input<typeof createVoiceMessageFieldsSchema>;

export const ANONYMOUS_REPORTER_NAME = 'Anonymous reporter';

/**
 * How an identified report names its reporter once they deleted their account: the report stays
 * for its case, the person does not (docs/api.md "Staff and accounts over time").
 */
export const DELETED_ACCOUNT_NAME = 'Account deleted';

/**
 * `GET …/certificate/?title=true`: the certificate prints the report's title only when its reporter
 * asks for it (a certificate is shown to others; the title may say more than they should read).
 */
export const certificateQuerySchema = z.object({
  title: z.enum(['true', 'false'], { error: 'Choose true or false.' }).optional(),
  /** The certificate's language; the request's `Accept-Language` when left out. */
  lang: z.enum(languages, { error: LANGUAGE_CHOICE_MESSAGE }).optional(),
});
export type CertificateQuery = z.infer<typeof certificateQuerySchema>;

/** `GET /api/reports/certificates/verify/?reference=&code=`: anyone can check a certificate. */
export const verifyCertificateQuerySchema = z.object({
  reference: z.string().trim().min(1).max(40),
  code: z.string().trim().min(1).max(40),
});
export const certificateVerificationSchema = z.object({
  valid: z.boolean(),
  reference: z.string().nullable(),
  category: reportCategorySchema.nullable(),
  submitted_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const reportStatusLabels = {
  pending: 'Pending',
  under_review: 'Under Review',
  resolved: 'Resolved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  escalated: 'Escalated',
} as const;
