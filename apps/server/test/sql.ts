import type { SQL } from 'drizzle-orm';
import type { Executor } from '../src/db/client';

/** The rows of a plain SQL query, on either driver (both answer `{rows}`). */
export async function sqlRows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
