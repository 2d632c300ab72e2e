import {
  type Page,
  type PageQuery,
  type PageRequest,
  requestedPage,
} from '@candor/contract/pagination';

/**
 * A list endpoint's answer by the one rule of docs/api.md "The API" (`requestedPage`): every row, or one
 * page of them with the total.
 */
export async function listOrPage<T>(
  query: PageQuery,
  source: { find(page?: PageRequest): Promise<T[]>; count(): Promise<number> },
  defaultLimit?: number,
): Promise<T[] | Page<T>> {
  const page = requestedPage(query, defaultLimit);
  if (!page) return source.find();
  const [results, count] = await Promise.all([source.find(page), source.count()]);
  return { count, results };
}
