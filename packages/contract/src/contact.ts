import { z } from 'zod';
import { optionalEmailSchema } from './accounts';

const REQUIRED = 'This field is required.';

const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED, abort: true })
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** Spec sections 3 and 5: name, subject and message required; email optional. */
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
