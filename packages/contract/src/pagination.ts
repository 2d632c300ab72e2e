import { z } from './zod';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** `?limit=&offset=` turns a list endpoint into a page (docs/api.md "The API"). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export type Page<T> = { count: number; results: T[] };
export type PageRequest = { limit: number; offset: number };

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), results: z.array(item) });
}

/** What a list endpoint answers: a plain array, or a page when the caller asks for one. */
export function listOrPageOf<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), pageOf(item)]);
}

/**
 * The one rule of docs/api.md "The API": a list endpoint answers a plain array unless the caller gives
 * `limit` or `offset`; then it answers `{count, results}` with `limit` items (the endpoint's
 * default size when only `offset` is given) from `offset`. Null means the whole array.
 */
export function requestedPage(
  query: PageQuery,
  defaultLimit: number = DEFAULT_PAGE_SIZE,
): PageRequest | null {
  if (query.limit === undefined && query.offset === undefined) return null;
  return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 };
}
