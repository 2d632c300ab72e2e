import { z } from 'zod';
import {
  reportCategories,
  reportCategorySchema,
  reportStatuses,
  reportStatusSchema,
} from './enums';
import { pageOf, pageQuerySchema } from './pagination';
import { reportSchema } from './reports';

/** Spec section 2: the dashboard's status filter also offers `all`. */
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
  /** Matches title, description and category. */
  q: z.string().trim().max(200).optional(),
  order: z.enum(['newest', 'oldest'], { error: 'Choose newest or oldest.' }).optional(),
  ...pageQuerySchema.shape,
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/** The statuses an admin can set (spec section 4). */
export const adminStatusTargets = ['under_review', 'resolved', 'rejected'] as const;

export const updateReportStatusInputSchema = z.strictObject({
  status: reportStatusSchema,
});
export type UpdateReportStatusInput = z.infer<typeof updateReportStatusInputSchema>;

export const DEFAULT_ADMIN_PAGE_SIZE = 25;

export const adminReportPageSchema = pageOf(reportSchema);
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

/** Spec section 3 (Analytics), plus the counts by category for the pie chart. */
export const analyticsSchema = z.object({
  total_reports: z.number().int(),
  reports_by_status: z.record(reportStatusSchema, z.number().int()),
  priority_reports_count: z.number().int(),
  anonymous_vs_identified_reports: z.object({ true: z.number().int(), false: z.number().int() }),
  reports_by_category: z.record(reportCategorySchema, z.number().int()),
});
export type Analytics = z.infer<typeof analyticsSchema>;
