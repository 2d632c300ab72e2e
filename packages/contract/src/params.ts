import { z } from './zod';

/** A numeric path id; anything beyond PostgreSQL's integer range names nothing. */
export const idParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type IdParams = z.infer<typeof idParamsSchema>;
