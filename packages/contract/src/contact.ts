import { optionalEmailSchema } from './accounts';
import { requiredText } from './fields';
import { z } from './zod';

/** As in the original product: name, subject and message required; email optional. */
export const contactInputSchema = z.strictObject({
  name: requiredText(150),
  email: optionalEmailSchema,
  subject: requiredText(200),
  message: requiredText(5000),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export const contactCreatedSchema = z.object({ id: z.number().int(), created_at: z.string() });
export type ContactCreated = z.infer<typeof contactCreatedSchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
