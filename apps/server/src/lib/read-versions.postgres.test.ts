import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp, testDatabaseUrl } from '../../test/app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../test/factories';
import { track, untilLockWaiters } from '../../test/pg-locks';
import { createReport } from '../../test/reports';
import { sqlRows } from '../../test/sql';
import { versionKeys } from './read-cache';

// Included only with TEST_DATABASE_URL (vitest.config.ts): other connections hold transactions
// open while writers run into them, as concurrent requests would.
let t: TestApp;
const clients: pg.Client[] = [];
beforeAll(async () => {
  t = await getTestApp();
  for (let i = 0; i < 2; i += 1) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    clients.push(client);
  }
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
});

const version = async (key: string) =>
  Number(
    (
      await sqlRows<{ value: string }>(
        t.database.db,
        sql`select coalesce(sum(value), 0)::text as value from read_versions where key = ${key}`,
      )
    )[0]?.value,
  );

describe('the versions of the kept reads, on a server with many writers', () => {
  it('never make two writers wait for each other: they move at commit, in key order', async () => {
    const admin = await createAdmin(t, { organizationId: await createOrganization(t) });
    const first = await createReport(
      t,
      await createUser(t, { organizationId: await createOrganization(t) }),
    );
    const second = await createReport(
      t,
      await createUser(t, { organizationId: await createOrganization(t) }),
    );
    const [a, b] = clients as [pg.Client, pg.Client];
    const before = [
      await version(versionKeys.report(first.id)),
      await version(versionKeys.report(second.id)),
    ];

    await a.query('begin');
    await b.query('begin');
    await a.query('update reports set priority_flag = true where id = $1', [first.id]);
    // Had a version moved with each statement, `a` would hold it now, and `b` would wait for it
    // here while holding the admin's row, which `a` asks for next: a deadlock.
    await b.query('update users set email = null where id = $1', [admin.id]);
    const aWaits = a.query('update users set email = null where id = $1', [admin.id]);
    await b.query('update reports set priority_flag = true where id = $1', [second.id]);
    await b.query('commit');
    await aWaits;
    await a.query('commit');

    expect(await version(versionKeys.report(first.id))).toBe((before[0] as number) + 1);
    expect(await version(versionKeys.report(second.id))).toBe((before[1] as number) + 1);
  });

  it('do not move for a transaction that rolls back', async () => {
    const organizationId = await createOrganization(t);
    const member = await createUser(t, { organizationId });
    const report = await createReport(t, member);
    const [a] = clients as [pg.Client];
    const before = await version(versionKeys.report(report.id));
    await a.query('begin');
    await a.query('update reports set priority_flag = true where id = $1', [report.id]);
    await a.query('rollback');
    expect(await version(versionKeys.report(report.id))).toBe(before);
  });
});

describe('a transaction that changes many rows', () => {
  it('moves every kept read at once, without noting a key per row', async () => {
    const organizationId = await createOrganization(t);
    const member = await createUser(t, { organizationId });
    const report = await createReport(t, member);
    const before = await version('all');
    const reportBefore = await version(versionKeys.report(report.id));
    // Six thousand changes' keys would be far past what a transaction notes one by one.
    await t.database.db.execute(
      sql.raw(`do $$ begin for i in 1..6000 loop
        update reports set priority_flag = not priority_flag where id = ${Number(report.id)};
      end loop; end $$`),
    );
    expect(await version('all')).toBe(before + 1);
    // The report's own key may or may not have moved: `all` covers it.
    expect(await version(versionKeys.report(report.id))).toBeGreaterThanOrEqual(reportBefore);
  });
});

describe('writers in different organisations', () => {
  it('commit without waiting on each other: a transaction held open in one blocks nothing in another', async () => {
    // Organisation A: a status change with its audit row, a notice, and its versions moved (as at
    // commit), held open.
    const organizationA = await createOrganization(t);
    const adminA = await createAdmin(t, { organizationId: organizationA });
    const reportA = await createReport(t, await createUser(t, { organizationId: organizationA }));
    // Organisation B: its own people.
    const organizationB = await createOrganization(t);
    const adminB = await createAdmin(t, { organizationId: organizationB });
    const memberB = await createUser(t, { organizationId: organizationB });
    // One report per write: two writes to one report rightly wait for each other.
    const replied = await createReport(t, memberB);
    const moved = await createReport(t, memberB);

    const holder = clients[0] as pg.Client;
    await holder.query('begin');
    try {
      await holder.query(`update reports set status = 'under_review' where id = $1`, [reportA.id]);
      await holder.query(
        `insert into notifications (user_id, payload) select $1, payload from notifications
         where payload is not null limit 1`,
        [adminA.id],
      );
      await holder.query(
        `insert into audit_log (actor_user_id, actor_role, action, object_type, object_id, details)
         values ($1, 'admin', 'report.status_changed', 'report', $2, '{}')`,
        [adminA.id, String(reportA.id)],
      );
      // The versions move now, as they would at its commit: their rows are held too.
      await holder.query('set constraints all immediate');

      const send = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
        t.app.inject({ method, url, headers: user.headers, payload });
      const writes = track(
        Promise.all([
          createReport(t, memberB, { title: 'Filed while A is busy' }),
          send(adminB, 'POST', `/api/reports/${replied.id}/comments/`, {
            message: 'We are on it.',
          }),
          send(adminB, 'PATCH', `/api/admin/reports/${moved.id}/update/`, {
            status: 'under_review',
          }),
          send(memberB, 'POST', '/api/notifications/mark_all_read/', {}),
        ]),
      );
      // Either every write in B is done, or one waits for a lock: whichever comes first.
      await untilLockWaiters(holder, 1, writes.settled);
      expect(writes.settled(), 'a write in B waits for the transaction in A').toBe(true);
      const [, reply, status, marked] = await writes.promise;
      expect(reply.statusCode).toBe(201);
      expect(status.statusCode).toBe(200);
      expect(marked.statusCode).toBe(200);
    } finally {
      await holder.query('rollback');
    }
  });
});
