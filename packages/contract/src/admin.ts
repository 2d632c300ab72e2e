import { deadlineAnalyticsSchema } from './deadlines';
import {
  reportCategories,
  reportCategorySchema,
  reportStatuses,
  reportStatusSchema,
} from './enums';
import { requiredText, tooLongMessage } from './fields';
import { ADMIN_SEARCH_MAX, adminAssignedViews, adminReportOrders } from './labels';
import { pageOf, pageQuerySchema } from './pagination';
import { MESSAGE_MAX, reportSchema } from './reports';
import { tagSchema } from './tags';
import { z } from './zod';

export { ADMIN_SEARCH_MAX, adminAssignedViews, adminReportOrders };
export type AdminAssignedView = (typeof adminAssignedViews)[number];

/** A handler: an administrator who can be assigned a case in the caller's scope. */
export const handlerSchema = z.object({ id: z.number().int(), username: z.string() });
export type Handler = z.infer<typeof handlerSchema>;

/**
 * `POST /api/admin/reports/{id}/assign/`: the handler to assign (null: unassign). Who may not be
 * assigned is refused with the same words whatever the reason.
 */
export const assignReportInputSchema = z.strictObject({
  assignee_id: z
    .number({ error: 'Choose a handler, or null to unassign.' })
    .int()
    .positive()
    .nullable(),
});
export type AssignReportInput = z.infer<typeof assignReportInputSchema>;
export type AdminReportOrder = (typeof adminReportOrders)[number];

/** As in the original product: the dashboard's status filter also offers `all`. */
export const adminReportsQuerySchema = z.object({
  status: z
    .enum(['all', ...reportStatuses], {
      error: `Choose one of: all, ${reportStatuses.join(', ')}.`,
    })
    .optional(),
  category: z
    .enum(['all', ...reportCategories], {
      error: `Choose one of: all, ${reportCategories.join(', ')}.`,
    })
    .optional(),
  /**
   * Matches title, description and category, and the reference number with or without its
   * dashes, whole or any part of at least four of its characters.
   */
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  priority: z.enum(['all', 'true', 'false'], { error: 'Choose all, true or false.' }).optional(),
  /** `deadline`: the next legal deadline first; reports with none come last. */
  order: z
    .enum(adminReportOrders, { error: `Choose one of: ${adminReportOrders.join(', ')}.` })
    .optional(),
  /** `true`: only reports whose next deadline has passed. */
  overdue: z.enum(['true', 'false'], { error: 'Choose true or false.' }).optional(),
  /** `true`: only reports whose next deadline falls within `DUE_SOON_DAYS` days from now. */
  due_soon: z.enum(['true', 'false'], { error: 'Choose true or false.' }).optional(),
  /** Whose cases: `me` (assigned to the caller), `none` (unassigned), `all` (everyone's). */
  assigned: z
    .enum(adminAssignedViews, { error: `Choose one of: ${adminAssignedViews.join(', ')}.` })
    .optional(),
  /** Only the reports carrying this tag of the caller's scope. */
  tag: z.coerce
    .number({ error: 'Choose one of your tags.' })
    .int({ error: 'Choose one of your tags.' })
    .positive({ error: 'Choose one of your tags.' })
    .max(2_147_483_647, { error: 'Choose one of your tags.' })
    .optional(),
  ...pageQuerySchema.shape,
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/**
 * `GET /api/admin/reports/export.csv`: the list's filters and order (no paging: every report that
 * matches), and the description only when `description=true`.
 */
export const adminExportQuerySchema = adminReportsQuerySchema
  .omit({ limit: true, offset: true })
  .extend({
    description: z.enum(['true', 'false'], { error: 'Choose true or false.' }).optional(),
  });
export type AdminExportQuery = z.infer<typeof adminExportQuerySchema>;

/** The export's columns, in order; `description` only when asked for. */
export const exportColumns = [
  'reference',
  'title',
  'category',
  'status',
  'priority',
  'anonymous',
  'submitted_by',
  'submitted_at',
  'acknowledge_by',
  'acknowledged_at',
  'feedback_by',
  'feedback_at',
] as const;

/** The statuses an admin can set (as in the original product). */
export const adminStatusTargets = ['under_review', 'resolved', 'rejected'] as const;

export const updateReportStatusInputSchema = z.strictObject({
  status: reportStatusSchema,
  /**
   * A message to the reporter sent with the change, as an ordinary reply in the same
   * transaction. The dashboard asks for one when resolving or rejecting.
   */
  message: z
    .string()
    .trim()
    .min(1, { error: 'A message cannot be empty.', abort: true })
    .max(MESSAGE_MAX, tooLongMessage(MESSAGE_MAX))
    .optional(),
});
export type UpdateReportStatusInput = z.infer<typeof updateReportStatusInputSchema>;

/**
 * The dashboard's Resolve and Reject dialog: a final decision always says something to the
 * reporter, so the message is required there (the API keeps it optional, as in the original product).
 */
export const finalDecisionInputSchema = z.strictObject({
  status: z.enum(['resolved', 'rejected']),
  message: requiredText(MESSAGE_MAX),
});
export type FinalDecisionInput = z.infer<typeof finalDecisionInputSchema>;

export { DEFAULT_ADMIN_PAGE_SIZE } from './page-sizes';

/**
 * A report as an admin's list shows it: with how many of the reporter's messages this admin has
 * not read yet (those sent after the admin last opened its conversation).
 */
export const adminReportSchema = reportSchema.extend({
  unread_from_reporter: z.number().int(),
  /** The handler the case is assigned to, or null. */
  assigned_to: handlerSchema.nullable(),
  /** The tags of the caller's scope the report carries, by name. */
  tags: tagSchema.array(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportPageSchema = pageOf(adminReportSchema);
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

/** As in the original product (Analytics): plus the counts by category for the pie chart. */
export const analyticsSchema = z.object({
  total_reports: z.number().int(),
  reports_by_status: z.record(reportStatusSchema, z.number().int()),
  priority_reports_count: z.number().int(),
  anonymous_vs_identified_reports: z.object({ true: z.number().int(), false: z.number().int() }),
  reports_by_category: z.record(reportCategorySchema, z.number().int()),
  /** The legal clock over the last 12 months (deadlines.ts). */
  deadlines: deadlineAnalyticsSchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** `POST /api/admin/reports/{id}/acknowledge/`: "Acknowledge receipt", with an optional message. */
export const acknowledgeReportInputSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, tooLongMessage(MESSAGE_MAX))
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AcknowledgeReportInput = z.input<typeof acknowledgeReportInputSchema>;

/**
 * `PUT /api/admin/handler-label/`: how the caller is shown to reporters choosing who reads their
 * report, e.g. "Compliance officer" (null: "Administrator").
 */
export const handlerLabelInputSchema = z.strictObject({
  handler_label: z
    .string()
    .trim()
    .max(80, tooLongMessage(80))
    .nullable()
    .transform((value) => value || null),
});
export type HandlerLabelInput = z.input<typeof handlerLabelInputSchema>;
