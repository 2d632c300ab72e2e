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

/**
 * The prefix of the signals the database itself sends (migration 0022) when an account changes
 * in what a request learns of its caller (role, standing, name, second factor, password): every
 * process reads that account again (caller-cache.ts), and its live sockets stay open.
 */
export const CALLER_CHANGE_PREFIX = 'caller:';

export type AccountChange = { userId: number; closesSockets: boolean };

/** What a signal says: which account, and whether its sockets close; null when malformed. */
export function parseAccountChange(payload: string): AccountChange | null {
  const isCallerChange = payload.startsWith(CALLER_CHANGE_PREFIX);
  const userId = parseUserId(isCallerChange ? payload.slice(CALLER_CHANGE_PREFIX.length) : payload);
  return userId === null ? null : { userId, closesSockets: !isCallerChange };
}

function parseUserId(payload: string): number | null {
  if (!/^\d{1,10}$/.test(payload)) return null;
  const id = Number(payload);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
