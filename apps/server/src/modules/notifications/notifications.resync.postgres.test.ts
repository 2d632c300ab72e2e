import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDatabaseUrl } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { connectLive, listenLocally } from '../../../test/live';
import { LISTENER_APPLICATION_NAME } from '../../db/pg-listener';
import { createNotifications } from './notifications.service';

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): it cuts the listener's connection.
let t: TestApp;
let base: string;
const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenLocally(t.app);
});
afterAll(async () => {
  await t.app.close();
  await pool.end();
});

describe('live notifications when LISTEN is lost', () => {
  it('tell every socket to reload once listening resumes, then deliver live again', async () => {
    const user = await createUser(t);
    const client = connectLive(`${base}/ws/notifications/${user.id}/?token=${user.tokens.access}`);
    await client.opened;
    const { rows } = await pool.query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(await client.next()).toEqual({ type: 'resync' });
    const [created] = await t.database.db.transaction((tx) =>
      createNotifications(t.app.ctx, tx, [{ userId: user.id, message: 'after the cut' }]),
    );
    expect(await client.next()).toMatchObject({ id: created?.id, message: 'after the cut' });
    await client.close();
  });
});
