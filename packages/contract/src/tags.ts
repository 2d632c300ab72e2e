import { reportStatusSchema } from './enums';
import { requiredText } from './fields';
import {
  BULK_MAX,
  TAG_NAME_MAX,
  TAGS_PER_REPORT_MAX,
  TAGS_PER_SCOPE_MAX,
  type TagColour,
  tagColours,
  tagPalette,
} from './labels';
import { z } from './zod';

export type { TagColour };
export { BULK_MAX, TAG_NAME_MAX, TAGS_PER_REPORT_MAX, TAGS_PER_SCOPE_MAX, tagColours, tagPalette };

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
