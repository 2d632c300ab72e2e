import { z } from './zod';

/** Public settings the web app shows (contact details, upload limit). */
export const siteSettingsSchema = z.object({
  support_email: z.string(),
  support_phone: z.string(),
  business_hours: z.string(),
  max_upload_mb: z.number(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
