import { z } from 'zod';
import { organizationTypeSchema } from './enums';

/** The caller's organisation; `is_admin` when the caller administers it. */
export const myOrganizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: organizationTypeSchema,
    is_admin: z.boolean(),
  })
  .nullable();
export type MyOrganization = z.infer<typeof myOrganizationSchema>;

export const joinOrganizationInputSchema = z.strictObject({
  code: z
    .string({ error: 'This field is required.' })
    .trim()
    .min(1, { error: 'This field is required.', abort: true })
    .max(64, 'Ensure this field has no more than 64 characters.'),
});
export type JoinOrganizationInput = z.infer<typeof joinOrganizationInputSchema>;

/** A new join code, shown once: only its keyed hash is stored. */
export const joinCodeSchema = z.object({ code: z.string() });
export type JoinCode = z.infer<typeof joinCodeSchema>;
