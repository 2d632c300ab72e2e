import { requiredEmailSchema } from './accounts';
import { accessRequestTypeSchema, accessRequestTypes, organizationTypeSchema } from './enums';
import { REQUIRED_MESSAGE, tooLongMessage } from './fields';
import { REJECTION_REASON_MAX } from './labels';
import { z } from './zod';

/** Digits with the usual separators and an optional leading +; 7 to 15 digits (E.164). */
export function isPlausiblePhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * One message per problem. (No aborting checks here: an aborted field would stop the
 * organisation fields from being checked, and a form should show every problem at once.)
 */
const phoneSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
    else if (value.length > 32) {
      ctx.addIssue({
        code: 'custom',
        message: tooLongMessage(32),
      });
    } else if (!isPlausiblePhone(value)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.' });
    }
  });

const justificationSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(5000, tooLongMessage(5000));

/** Organisation fields are sent empty (or not at all) for individual requests. */
const optionalText = (max: number) =>
  z
    .union([z.null(), z.string().trim().max(max, tooLongMessage(max))])
    .optional()
    .transform((value) => value || null);

/** As in the original product: what the /become-admin form sends. */
export const accessRequestInputSchema = z
  .strictObject({
    request_type: z.enum(accessRequestTypes, { error: 'Choose individual or organization.' }),
    email: requiredEmailSchema,
    phone: phoneSchema,
    justification: justificationSchema,
    organization_type: z
      .union([z.literal(''), z.null(), organizationTypeSchema])
      .optional()
      .transform((value) => value || null),
    organization_name: optionalText(200),
  })
  .superRefine(
    (input, ctx) => {
      if (input.request_type !== 'organization') return;
      if (!input.organization_type) {
        ctx.addIssue({ code: 'custom', path: ['organization_type'], message: REQUIRED_MESSAGE });
      }
      if (!input.organization_name) {
        ctx.addIssue({ code: 'custom', path: ['organization_name'], message: REQUIRED_MESSAGE });
      }
    },
    // Also when other fields are wrong, so a form shows every problem at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((input) =>
    input.request_type === 'organization'
      ? input
      : { ...input, organization_type: null, organization_name: null },
  );
export type AccessRequestInput = z.input<typeof accessRequestInputSchema>;
export type AccessRequestData = z.output<typeof accessRequestInputSchema>;

export const accessRequestStatuses = ['pending', 'approved', 'rejected'] as const;
export const accessRequestStatusSchema = z.enum(accessRequestStatuses);
export type AccessRequestStatus = z.infer<typeof accessRequestStatusSchema>;

/**
 * The answer to an application. `claim_code` is given once, only to an applicant without an
 * account: registering with it links the new account to the request (docs/api.md "Becoming an
 * administrator").
 */
export const accessRequestCreatedSchema = z.object({
  id: z.number().int(),
  request_type: accessRequestTypeSchema,
  status: accessRequestStatusSchema,
  submitted_at: z.string(),
  claim_code: z.string().nullable(),
});
export type AccessRequestCreated = z.infer<typeof accessRequestCreatedSchema>;

/** As in the original product (review list: id, username, justification, submitted_at) plus the form. */
export const accessRequestReviewItemSchema = z.object({
  id: z.number().int(),
  /** Null while the applicant has no account. */
  username: z.string().nullable(),
  justification: z.string(),
  submitted_at: z.string(),
  request_type: accessRequestTypeSchema,
  email: z.string(),
  phone: z.string(),
  organization_type: organizationTypeSchema.nullable(),
  organization_name: z.string().nullable(),
  /**
   * The organisation the applicant's account belongs to, if any: an individual request from a
   * member cannot be approved until they leave it (docs/api.md "Becoming an administrator").
   */
  applicant_organization: z.string().nullable(),
});
export type AccessRequestReviewItem = z.infer<typeof accessRequestReviewItemSchema>;

export const accessReviewActions = ['approve', 'reject'] as const;
export { REJECTION_REASON_MAX };
export const REJECTION_REASON_REQUIRED = 'Give the applicant the reason for the rejection.';
/** A rejection gives its reason, which the applicant is sent; an approval gives none. */
export const accessReviewDecisionInputSchema = z
  .strictObject({
    action: z.enum(accessReviewActions, { error: 'Choose approve or reject.' }),
    reason: z
      .string({ error: REJECTION_REASON_REQUIRED })
      .trim()
      .max(REJECTION_REASON_MAX, tooLongMessage(REJECTION_REASON_MAX))
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'reject' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECTION_REASON_REQUIRED });
    }
    if (input.action === 'approve' && input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Only a rejection has a reason.' });
    }
  });
export type AccessReviewDecisionInput = z.infer<typeof accessReviewDecisionInputSchema>;

export const accessReviewDecisionSchema = z.object({
  id: z.number().int(),
  status: accessRequestStatusSchema,
  detail: z.string(),
});
export type AccessReviewDecision = z.infer<typeof accessReviewDecisionSchema>;
