import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp, testDatabaseUrl } from '../../test/app';
import { createAdmin, createOrganization, createUser } from '../../test/factories';
import { createReport } from '../../test/reports';
import { sqlRows } from '../../test/sql';

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

const count = async () =>
  Number(
    (await sqlRows<{ value: string }>(t.database.db, sql`select value from read_generation`))[0]
      ?.value,
  );

describe('the change count of the kept reads, on a server with many writers', () => {
  it('never makes two writers wait for each other: it is the last thing a transaction changes', async () => {
    // Two organisations: their reports share no other row (their counts, say) to wait for.
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
    const before = await count();

    await a.query('begin');
    await b.query('begin');
    await a.query('update reports set priority_flag = true where id = $1', [first.id]);
    // Had the count moved with each statement, `a` would hold it now, and `b` would wait for it
    // here while holding the admin's row, which `a` asks for next: a deadlock.
    await b.query('update users set email = null where id = $1', [admin.id]);
    const aWaits = a.query('update users set email = null where id = $1', [admin.id]);
    await b.query('update reports set priority_flag = true where id = $1', [second.id]);
    await b.query('commit');
    await aWaits;
    await a.query('commit');

    expect(await count()).toBe(before + 2);
    const flags = await sqlRows<{ priority_flag: boolean }>(
      t.database.db,
      sql`select priority_flag from reports where id in (${first.id}, ${second.id})`,
    );
    expect(flags.map((row) => row.priority_flag)).toEqual([true, true]);
  });

  it('does not move for a transaction that rolls back', async () => {
    const organizationId = await createOrganization(t);
    const member = await createUser(t, { organizationId });
    const report = await createReport(t, member);
    const [a] = clients as [pg.Client];
    const before = await count();
    await a.query('begin');
    await a.query('update reports set priority_flag = true where id = $1', [report.id]);
    await a.query('rollback');
    expect(await count()).toBe(before);
  });
});
