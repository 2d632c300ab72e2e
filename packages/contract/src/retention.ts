import { z } from './zod';

export { DEFAULT_RETENTION_DAYS } from './labels';

/** The longest retention anyone can set: a hundred years. */
export const MAX_RETENTION_DAYS = 36_500;

/**
 * `PUT /api/organizations/retention/` (its administrator): how many days closed reports are kept
 * before they are purged; null keeps the platform's. The server refuses more than the platform's.
 */
export const retentionSettingsSchema = z.strictObject({
  retention_days: z
    .number({ error: 'Give a number of days.' })
    .int({ error: 'Give a whole number of days.' })
    .min(1, { error: 'At least 1 day.' })
    .max(MAX_RETENTION_DAYS, { error: `At most ${MAX_RETENTION_DAYS} days.` })
    .nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
