import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The PostgreSQL channel on which every server process hears that an account changed in a way
 * its open sockets must not survive (role revoked, deactivated, deleted). Heard through the same
 * LISTEN connection as the notifications channel (plugins/live-notifications.ts).
 */
export const ACCOUNT_CHANGES_CHANNEL = 'candor_account_changes';

/** NOTIFY in the caller's transaction: the sockets close only if the change commits. */
export async function publishAccountChange(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${ACCOUNT_CHANGES_CHANNEL}, ${String(userId)})`);
}

/** The user id a signal names, or null when it is malformed. */
export function parseAccountChange(payload: string): number | null {
  if (!/^\d{1,10}$/.test(payload)) return null;
  const id = Number(payload);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
