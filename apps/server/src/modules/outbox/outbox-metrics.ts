import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** The outbox's size by state, which the metrics watch (context.ts). */
export async function countOutbox(db: Executor): Promise<{ pending: number; failed: number }> {
  const result = (await db.execute(sql`
    select count(*) filter (where state = 'pending')::int as pending,
           count(*) filter (where state = 'failed')::int as failed
    from ${mailOutbox}`)) as unknown as { rows: { pending: number; failed: number }[] };
  const row = result.rows[0];
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}
