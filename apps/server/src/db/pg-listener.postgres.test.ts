import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/app';
import { createPgListener, LISTENER_APPLICATION_NAME } from './pg-listener';

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): it cuts a server connection.
const url = testDatabaseUrl as string;
const pool = new pg.Pool({ connectionString: url, max: 2 });
afterAll(() => pool.end());

function nextPayload(received: string[], waiters: (() => void)[]) {
  const seen = received.length;
  return new Promise<string>((resolve) => {
    const check = () =>
      received.length > seen ? resolve(received[seen] as string) : waiters.push(check);
    check();
  });
}

describe('createPgListener', () => {
  const received: string[] = [];
  const waiters: (() => void)[] = [];
  let reconnected: () => void = () => {};
  const listener = createPgListener(url, {
    onError: () => {},
    onReconnect: () => reconnected(),
  });
  const channel = `candor_listener_test_${process.pid}`;

  beforeAll(async () => {
    await listener.listen(channel, (payload) => {
      received.push(payload);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  afterAll(() => listener.close());

  it('hears a NOTIFY once listen() has resolved', async () => {
    const heard = nextPayload(received, waiters);
    await pool.query('select pg_notify($1, $2)', [channel, 'first']);
    expect(await heard).toBe('first');
  });

  it('listens again after its connection is cut', async () => {
    const back = new Promise<void>((resolve) => {
      reconnected = resolve;
    });
    const { rows } = await pool.query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where application_name = $1 and datname = current_database() and query ilike '%listen%${channel}%'`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows).toEqual([{ ok: true }]);
    await back;
    const heard = nextPayload(received, waiters);
    await pool.query('select pg_notify($1, $2)', [channel, 'after reconnect']);
    expect(await heard).toBe('after reconnect');
  });

  it('stops hearing a channel once the last listener stops', async () => {
    const other = `${channel}_b`;
    const heard: string[] = [];
    const stop = await listener.listen(other, (payload) => heard.push(payload));
    await stop();
    // A NOTIFY on the stopped channel, then one on the live channel as a fence.
    await pool.query('select pg_notify($1, $2)', [other, 'ignored']);
    const fence = nextPayload(received, waiters);
    await pool.query('select pg_notify($1, $2)', [channel, 'fence']);
    expect(await fence).toBe('fence');
    expect(heard).toEqual([]);
  });
});
