import pg from 'pg';

/** A second connection to the test server, to hold locks while requests run into them. */
export async function openLockHolder(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** How many connections to this database are waiting for a lock right now. */
async function lockWaiters(client: pg.Client): Promise<number> {
  // Within a transaction the activity view is read once and kept: read it afresh.
  await client.query('select pg_stat_clear_snapshot()');
  const result = await client.query<{ waiting: number }>(
    `select count(*)::int as waiting from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return result.rows[0]?.waiting ?? 0;
}

/**
 * Resolves once `count` connections wait for a lock, or `settled()` turns true first. Polls the
 * server's own activity view: an observed state, not a guess at timing.
 */
export async function untilLockWaiters(
  client: pg.Client,
  count: number,
  settled: () => boolean = () => false,
  deadlineMs = 60_000,
): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!settled() && (await lockWaiters(client)) < count) {
    if (Date.now() > end) throw new Error(`no ${count} lock waiter(s) within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once no connection to this database waits for a lock (a waiting one was cancelled). */
export async function untilNoLockWaiters(client: pg.Client, deadlineMs = 60_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while ((await lockWaiters(client)) > 0) {
    if (Date.now() > end) throw new Error(`lock waiters remain after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Tracks whether a promise has settled, without awaiting it. */
export function track<T>(promise: Promise<T>) {
  let isSettled = false;
  const tracked = promise.finally(() => {
    isSettled = true;
  });
  return { promise: tracked, settled: () => isSettled };
}
