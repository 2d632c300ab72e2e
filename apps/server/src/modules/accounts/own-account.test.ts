import type { MyData, TokenPair } from '@candor/contract/accounts';
import type { Report, ReportMessage } from '@candor/contract/reports';
import { DELETED_ACCOUNT_NAME } from '@candor/contract/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createSuperuser,
  createUser,
  setUserFields,
  type TestUser,
} from '../../../test/factories';
import { connectLive, listenLocally, waitForClose } from '../../../test/live';
import { createReport } from '../../../test/reports';
import { sqlRows } from '../../../test/sql';
import { enrol } from '../../../test/two-factor';
import { auditLog, reports } from '../../db/schema';
import { MY_DATA_EXPORTS_PER_HOUR } from './accounts.routes';
import { SUPERUSER_DELETION_REFUSAL } from './own-account.service';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenLocally(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, payload });

const refresh = (tokens: TokenPair) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/token/refresh/',
    payload: { refresh: tokens.refresh },
  });

const loginWith = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/login/', payload: { username, password } });

/** A reporter with an identified and an anonymous report to the platform, each with a thread. */
async function reporterWithReports() {
  const reporter = await createUser(t);
  const admin = await createAdmin(t);
  const identified = await createReport(t, reporter, {
    title: 'Identified report',
    is_anonymous: 'false',
  });
  const anonymous = await createReport(t, reporter, { title: 'Anonymous report' });
  for (const report of [identified, anonymous]) {
    const mine = await call(reporter, 'POST', `/api/reports/${report.id}/comments/`, {
      message: `From the reporter on ${report.title}`,
    });
    expect(mine.statusCode).toBe(201);
    const reply = await call(admin, 'POST', `/api/reports/${report.id}/comments/`, {
      message: `Reply on ${report.title}`,
    });
    expect(reply.statusCode).toBe(201);
    const note = await call(admin, 'POST', `/api/reports/${report.id}/comments/`, {
      message: 'Internal note',
      is_internal: true,
    });
    expect(note.statusCode).toBe(201);
  }
  return { reporter, admin, identified, anonymous };
}

describe('POST /api/accounts/password/', () => {
  it('needs the current password, ends every other login and keeps this one', async () => {
    const user = await createUser(t);
    const elsewhere = (await loginWith(user.username, user.password)).json() as TokenPair;

    const wrong = await call(user, 'POST', '/api/accounts/password/', {
      current_password: 'not-the-password',
      new_password: 'a-new-long-passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['Your password is not correct.'] });
    const weak = await call(user, 'POST', '/api/accounts/password/', {
      current_password: user.password,
      new_password: '123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('new_password');

    const changed = await call(user, 'POST', '/api/accounts/password/', {
      current_password: user.password,
      new_password: 'a-new-long-passphrase',
    });
    expect(changed.statusCode).toBe(200);
    const tokens = changed.json() as TokenPair;
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    expect((await refresh(user.tokens)).statusCode).toBe(401);
    expect((await refresh(tokens)).statusCode).toBe(200);
    expect((await loginWith(user.username, user.password)).statusCode).toBe(401);
    expect((await loginWith(user.username, 'a-new-long-passphrase')).statusCode).toBe(200);
  });
});

describe('GET /api/accounts/my-data/', () => {
  it('gives the owner their profile, reports (anonymous ones too), threads and notices', async () => {
    const { reporter, identified, anonymous } = await reporterWithReports();
    const response = await call(reporter, 'GET', '/api/accounts/my-data/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="candor-my-data.json"',
    );
    const data = response.json() as MyData;
    expect(data.profile).toMatchObject({ username: reporter.username, role: 'user' });
    expect(data.reports.map((report) => report.reference).sort()).toEqual(
      [identified.token, anonymous.token].sort(),
    );
    const own = data.reports.find((report) => report.reference === anonymous.token);
    expect(own).toMatchObject({ is_anonymous: true, title: 'Anonymous report' });
    expect(own?.messages).toEqual([
      expect.objectContaining({ from: 'me', message: 'From the reporter on Anonymous report' }),
      expect.objectContaining({ from: 'administrator', message: 'Reply on Anonymous report' }),
    ]);
    expect(JSON.stringify(data)).not.toContain('Internal note');
    expect(data.notifications.length).toBeGreaterThanOrEqual(2);
    expect(data.notifications.map((notice) => notice.report_reference)).toContain(anonymous.token);
  });

  it('is for a signed-in account only, and limited to a few an hour', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/my-data/' })).statusCode).toBe(
      401,
    );
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= MY_DATA_EXPORTS_PER_HOUR; attempt += 1) {
      statuses.push((await call(user, 'GET', '/api/accounts/my-data/')).statusCode);
    }
    expect(statuses).toEqual([...Array(MY_DATA_EXPORTS_PER_HOUR).fill(200), 429]);
    // Another account has its own count.
    expect((await call(await createUser(t), 'GET', '/api/accounts/my-data/')).statusCode).toBe(200);
  });
});

/**
 * Every row of every table in every schema (the application's and the migrations' own), as plain
 * SQL reads them: the dump reader's view.
 */
async function dump() {
  const tables = await sqlRows<{ table_schema: string; table_name: string }>(
    t.database.db,
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE'
          and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map((table) => table.table_name)).toEqual(
    expect.arrayContaining(['users', 'audit_log', 'reports', 'notifications']),
  );
  const rows: { table: string; row: Record<string, unknown> }[] = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const read = await sqlRows(
      t.database.db,
      sql`select * from ${sql.identifier(schema)}.${sql.identifier(table)}`,
    );
    for (const row of read) rows.push({ table, row });
  }
  return rows;
}

/** A column's value as text a reader could search: bytes as they are, everything else printed. */
function readable(value: unknown): string {
  if (value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    return `${bytes.toString('latin1')}\n${bytes.toString('utf8')}`;
  }
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

const isUserIdColumn = (column: string) => column === 'user_id' || column.endsWith('_user_id');

type Person = { id: number; username: string; email: string; firstName: string; lastName: string };

/** An account with an email and names no other value shares, so a dump can be searched for them. */
async function personWith(user: TestUser): Promise<Person> {
  const person = {
    id: user.id,
    username: user.username,
    email: `${user.username}.mail@example.test`,
    firstName: `Given${user.username.replaceAll('_', '')}`,
    lastName: `Family${user.username.replaceAll('_', '')}`,
  };
  await setUserFields(t, user.id, {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
  });
  return person;
}

/**
 * After a deletion: no column of any table holds the person's username, email or names (audit
 * details included), and no account column their former id. The audit log's actor and object
 * ids of rows written earlier stay (docs/api.md "Staff and accounts over time"): the log is
 * append-only and chained, and the id leads to no account.
 */
async function expectNamedNowhere(person: Person) {
  const needles = [person.username, person.email, person.firstName, person.lastName].map((value) =>
    value.toLowerCase(),
  );
  let columns = 0;
  for (const { table, row } of await dump()) {
    if (table === 'users') expect(row.id).not.toBe(person.id);
    for (const [column, value] of Object.entries(row)) {
      columns += 1;
      if (isUserIdColumn(column) && table !== 'audit_log') {
        expect(value, `${table}.${column}`).not.toBe(person.id);
      }
      const text = readable(value).toLowerCase();
      for (const needle of needles) {
        expect(text.includes(needle), `${table}.${column} holds ${needle}: ${text}`).toBe(false);
      }
    }
  }
  expect(columns).toBeGreaterThan(0);
}

describe('POST /api/accounts/delete/', () => {
  it('needs the password; the superuser cannot delete theirs', async () => {
    const user = await createUser(t);
    const wrong = await call(user, 'POST', '/api/accounts/delete/', { password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['Your password is not correct.'] });
    expect((await call(user, 'POST', '/api/accounts/delete/', {})).statusCode).toBe(400);
    const superuser = await createSuperuser(t);
    const refused = await call(superuser, 'POST', '/api/accounts/delete/', {
      password: superuser.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SUPERUSER_DELETION_REFUSAL });
  });

  it('the person goes, the reports stay for their handlers, and a dump names them nowhere', async () => {
    const { reporter, admin, identified, anonymous } = await reporterWithReports();
    const person = await personWith(reporter);
    const socket = connectLive(
      `${base}/ws/notifications/${reporter.id}/?token=${reporter.tokens.access}`,
    );
    await socket.opened;

    const deleted = await call(reporter, 'POST', '/api/accounts/delete/', {
      password: reporter.password,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await waitForClose(socket)).code).toBe(4001);
    expect((await loginWith(reporter.username, reporter.password)).statusCode).toBe(401);
    expect((await refresh(reporter.tokens)).statusCode).toBe(401);
    expect((await call(reporter, 'GET', '/api/accounts/profile/')).statusCode).toBe(401);

    // Both reports are still the administrators' to handle, with their threads.
    for (const report of [identified, anonymous]) {
      const seen = await call(admin, 'GET', `/api/reports/${report.id}/`);
      expect(seen.statusCode).toBe(200);
      expect((seen.json() as Report).submitted_by_username).toBeNull();
      const thread = (await call(admin, 'GET', `/api/reports/${report.id}/comments/`)).json();
      expect(thread.map((message: ReportMessage) => message.display_sender_name)[0]).toBe(
        report === identified ? DELETED_ACCOUNT_NAME : 'Anonymous reporter',
      );
    }
    const [row] = await t.database.db
      .select({ owner: reports.ownerUserId, deleted: reports.ownerAccountDeleted })
      .from(reports)
      .where(eq(reports.id, identified.id));
    expect(row).toEqual({ owner: null, deleted: true });

    // Audited, naming nobody.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.deleted'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ actorUserId: null, actorRole: 'user', objectId: null });
    expect(audit?.details).toEqual({});

    // A dump: no account column holds the former id, no value the username, email or names.
    await expectNamedNowhere(person);

    // Nobody reaches the anonymous report through an account, the former owner included.
    const other = await createUser(t);
    expect((await call(other, 'GET', `/api/reports/${anonymous.id}/`)).statusCode).toBe(404);
    expect(
      ((await call(other, 'GET', '/api/reports/')).json() as Report[]).map((r) => r.id),
    ).not.toContain(anonymous.id);
  });

  it('a staff member whose second factor was reset by the superuser is named nowhere once deleted', async () => {
    const superuser = await createSuperuser(t);
    const admin = await createAdmin(t);
    const person = await personWith(admin);
    await enrol(t, admin);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: `/api/two-factor/staff/${admin.id}/`,
      headers: superuser.headers,
    });
    expect(reset.statusCode).toBe(204);
    const [audited] = await t.database.db
      .select({ objectId: auditLog.objectId })
      .from(auditLog)
      .where(eq(auditLog.action, 'user.two_factor_reset'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audited?.objectId).toBe(String(admin.id));

    const tokens = (await loginWith(admin.username, admin.password)).json() as TokenPair;
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/delete/',
      headers: { authorization: `Bearer ${tokens.access}` },
      payload: { password: admin.password },
    });
    expect(deleted.statusCode).toBe(204);
    await expectNamedNowhere(person);
  });
});
