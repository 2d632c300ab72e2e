import { reportStatusSchema } from './enums';
import { requiredText } from './fields';
import { z } from './zod';

/**
 * The colours a tag may have: each a chip background and the text drawn on it, every pair at
 * least 4.5:1 (WCAG AA for text; tags.test.ts measures them).
 */
export const tagPalette = {
  grey: { background: '#e5e7eb', text: '#1f2937' },
  red: { background: '#fee2e2', text: '#991b1b' },
  orange: { background: '#ffedd5', text: '#9a3412' },
  yellow: { background: '#fef3c7', text: '#92400e' },
  green: { background: '#dcfce7', text: '#166534' },
  teal: { background: '#ccfbf1', text: '#115e59' },
  blue: { background: '#dbeafe', text: '#1e40af' },
  purple: { background: '#f3e8ff', text: '#6b21a8' },
  pink: { background: '#fce7f3', text: '#9d174d' },
} as const;
export const tagColours = Object.keys(tagPalette) as (keyof typeof tagPalette)[];
export type TagColour = keyof typeof tagPalette;

export const TAG_NAME_MAX = 40;
/** Tags one report may carry; tags one scope may define. */
export const TAGS_PER_REPORT_MAX = 20;
export const TAGS_PER_SCOPE_MAX = 100;
/** Reports one bulk action may name: a page of the admin list at most. */
export const BULK_MAX = 100;

const tagColourSchema = z.enum(tagColours as [TagColour, ...TagColour[]], {
  error: `Choose one of: ${tagColours.join(', ')}.`,
});

/** A tag of the caller's scope (the organisation's, or the platform's). */
export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: tagColourSchema,
});
export type Tag = z.infer<typeof tagSchema>;

/** `POST /api/admin/tags/`, `PATCH /api/admin/tags/{id}/`. */
export const tagInputSchema = z.strictObject({
  name: requiredText(TAG_NAME_MAX),
  colour: tagColourSchema,
});
export type TagInput = z.infer<typeof tagInputSchema>;

const idSchema = z
  .number({ error: 'Give a number.' })
  .int({ error: 'Give a whole number.' })
  .positive({ error: 'Give a positive number.' })
  .max(2_147_483_647, { error: 'No such id.' });

/** `PUT /api/admin/reports/{id}/tags/`: every tag the report carries from now on. */
export const reportTagsInputSchema = z.strictObject({
  tag_ids: z
    .array(idSchema, { error: 'Give a list of tag ids.' })
    .max(TAGS_PER_REPORT_MAX, { error: `A report carries at most ${TAGS_PER_REPORT_MAX} tags.` }),
});
export type ReportTagsInput = z.infer<typeof reportTagsInputSchema>;

/** `POST /api/admin/reports/{id}/related/`: the other report, by its reference number. */
export const reportLinkInputSchema = z.strictObject({
  reference: requiredText(40),
});
export type ReportLinkInput = z.infer<typeof reportLinkInputSchema>;

/** A report related to the one shown, as its handler sees it (never shown to a reporter). */
export const relatedReportSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  title: z.string(),
  status: reportStatusSchema,
});
export type RelatedReport = z.infer<typeof relatedReportSchema>;

/** What a bulk action does to each report it names. */
export const bulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('assign'), assignee_id: idSchema.nullable() }),
    z.strictObject({ kind: z.literal('take') }),
    z.strictObject({ kind: z.literal('tag'), tag_id: idSchema, remove: z.boolean().optional() }),
    z.strictObject({
      kind: z.literal('status'),
      status: z.enum(['under_review', 'resolved', 'rejected'], {
        error: 'Choose one of: under_review, resolved, rejected.',
      }),
    }),
  ],
  { error: 'Choose an action: assign, take, tag or status.' },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** `POST /api/admin/reports/bulk/`: one action on several reports, each checked on its own. */
export const bulkInputSchema = z.strictObject({
  ids: z
    .array(idSchema, { error: 'Give a list of report ids.' })
    .min(1, { error: 'Choose at least one report.' })
    .max(BULK_MAX, { error: `Choose at most ${BULK_MAX} reports.` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'A report is named twice.' }),
  action: bulkActionSchema,
});
export type BulkInput = z.infer<typeof bulkInputSchema>;

/** Each report's outcome, in the order asked: done, or why not. */
export const bulkResultSchema = z.object({
  results: z
    .object({ id: z.number().int(), ok: z.boolean(), error: z.string().nullable() })
    .array(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
