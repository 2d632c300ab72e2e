import { z } from 'zod';
import { organizationTypeSchema } from './enums';
import { requiredText } from './fields';

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
  code: requiredText(64),
});
export type JoinOrganizationInput = z.infer<typeof joinOrganizationInputSchema>;

/** A new join code, shown once: only its keyed hash is stored. */
export const joinCodeSchema = z.object({ code: z.string() });
export type JoinCode = z.infer<typeof joinCodeSchema>;
