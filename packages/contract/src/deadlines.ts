import { MAX_ACKNOWLEDGE_DAYS, MAX_ORGANIZATION_FEEDBACK_DAYS } from './deadline-clock';
import { z } from './zod';

export * from './deadline-clock';

/** The dates every report payload carries (ISO 8601). */
export const reportDeadlinesShape = {
  acknowledge_by: z.string(),
  acknowledged_at: z.string().nullable(),
  feedback_by: z.string(),
  feedback_at: z.string().nullable(),
};

/** An organisation's own periods; null keeps the platform's. They can only ever be shorter. */
export const deadlineSettingsSchema = z.strictObject({
  acknowledge_days: z
    .number({ error: 'Give a number of days.' })
    .int({ error: 'Give a whole number of days.' })
    .min(1, { error: 'At least 1 day.' })
    .max(MAX_ACKNOWLEDGE_DAYS, { error: `At most ${MAX_ACKNOWLEDGE_DAYS} days.` })
    .nullable(),
  feedback_days: z
    .number({ error: 'Give a number of days.' })
    .int({ error: 'Give a whole number of days.' })
    .min(1, { error: 'At least 1 day.' })
    .max(MAX_ORGANIZATION_FEEDBACK_DAYS, {
      error: `At most ${MAX_ORGANIZATION_FEEDBACK_DAYS} days (shorter than 3 months).`,
    })
    .nullable(),
});
export type DeadlineSettings = z.infer<typeof deadlineSettingsSchema>;

/** Over the last 12 months, how many deadlines fell due and how many were met. */
export const deadlineAnalyticsSchema = z.object({
  /** Reports whose acknowledgement was due (or given) in the window. */
  acknowledgements_due: z.number().int(),
  acknowledged_on_time: z.number().int(),
  feedback_due: z.number().int(),
  feedback_on_time: z.number().int(),
  /** Open reports whose next deadline has passed, now. */
  overdue_now: z.number().int(),
  /** Open reports whose next deadline falls within the next `DUE_SOON_DAYS` days. */
  due_soon: z.number().int(),
});
export type DeadlineAnalytics = z.infer<typeof deadlineAnalyticsSchema>;
