import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../test/factories';
import { createReport } from '../../test/reports';
import { sqlRows } from '../../test/sql';
import { type DatabaseHandle, openDatabase } from '../db/client';

// A kept answer is used while the versions it depends on have not moved (lib/read-cache.ts), and
// only the tables with the version triggers of migration 0028 move them. This test runs every
// kept read, records each statement it sends, and finds in them every table the database has:
// each one a kept read touches must carry the triggers, or be named below with why it need not.
// The database is walked, not a list.

/** Tables a kept read touches whose changes need not move a version, and why. */
const UNVERSIONED: Record<string, string> = {
  // A platform administrator's list and analytics find the reports an organisation's only
  // administrator filed anonymously through the queue and the index (admin.service.ts
  // `platformReportIds`). An entry is written in the report's transaction, which moves the
  // report's scope, and the queue job puts it in the index (which moves its key) before it
  // removes the entry: removing it changes nothing those reads show.
  owner_queue: 'written with a report (its scope moves); removed only once in the index',
  // Analytics read the counts. They change only through the triggers of `reports`, in the
  // statement that changes a report, whose row moves the same scope key for its old and new
  // organisation (migration 0043); a TRUNCATE of the counts still moves `all`.
  report_counts: "changed only by the reports' own statements, which move the same scope",
};

let database: DatabaseHandle;
let t: TestApp;
let isRecording = false;
const statements: string[] = [];

beforeAll(async () => {
  database = await openDatabase({
    dataDir: 'memory://',
    logQuery: (query) => {
      if (isRecording) statements.push(query);
    },
  });
  await database.migrate();
  t = await buildTestApp({ database });
  // Only what the kept reads themselves send: the answer is made inside `read`.
  const reads = t.app.ctx.reads;
  const through = reads.through.bind(reads);
  reads.through = (db, key, read, version) =>
    through(
      db,
      key,
      async () => {
        isRecording = true;
        try {
          return await read();
        } finally {
          isRecording = false;
        }
      },
      version,
    );
});

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const get = async (user: TestUser, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(response.statusCode, url).toBe(200);
};

describe('the versions of the kept reads', () => {
  it('are moved by every table a kept read touches', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const platformAdmin = await createAdmin(t);
    const named = await createReport(t, member, { title: 'Named' });
    const anonymous = await createReport(t, member, { title: 'Anonymous', is_anonymous: 'true' });
    for (const report of [named, anonymous]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/reports/${report.id}/comments/`,
        headers: admin.headers,
        payload: { message: 'We are looking into it.' },
      });
      expect(reply.statusCode).toBe(201);
    }
    for (const user of [admin, member, platformAdmin]) {
      await get(user, '/api/notifications/');
      await get(user, '/api/notifications/?limit=5&offset=0');
    }
    for (const user of [admin, platformAdmin]) {
      await get(user, '/api/admin/reports/');
      await get(user, '/api/admin/reports/?limit=25&status=pending&order=oldest&q=rail');
      await get(user, '/api/admin/analytics/');
    }
    for (const report of [named, anonymous]) {
      for (const user of [admin, member]) {
        await get(user, `/api/reports/${report.id}/`);
        await get(user, `/api/reports/${report.id}/comments/`);
      }
    }
    expect(statements.length).toBeGreaterThan(0);

    const tables = (
      await sqlRows<{ name: string }>(
        database.db,
        sql`select table_name::text as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((row) => row.name);
    const touched = tables.filter((table) =>
      statements.some((statement) =>
        new RegExp(`(^|[^a-z_])"?${table}"?([^a-z_]|$)`).test(statement),
      ),
    );
    expect(touched).toContain('reports');
    const versioned = new Set(
      (
        await sqlRows<{ name: string }>(
          database.db,
          sql`select c.relname::text as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
              where g.tgname = c.relname || '_read_versions'`,
        )
      ).map((row) => row.name),
    );
    const uncovered = touched.filter((table) => !versioned.has(table) && !(table in UNVERSIONED));
    expect(uncovered, 'give them the triggers of migration 0028, or say why not').toEqual([]);
    // And no reason given for a table that has the triggers or that no kept read touches.
    for (const table of Object.keys(UNVERSIONED)) {
      expect(versioned.has(table)).toBe(false);
      expect(touched).toContain(table);
    }
  });
});
