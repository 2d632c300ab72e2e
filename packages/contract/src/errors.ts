import { z } from 'zod';

/** Every error answer carries `detail`, or one list of messages per field (DESIGN.md 8-9). */
export const errorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** `?limit=&offset=` turns a list endpoint into a page (DESIGN.md 8). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), results: z.array(item) });
}
