import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readEvidenceFixture } from '../../test/evidence-fixtures';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { useWatchedApp } from '../../test/hooks';
import { createReport } from '../../test/reports';
import { reports } from '../db/schema';
import { hashRefreshToken } from '../lib/tokens';
import { reporterNoticeTag } from '../modules/notifications/notifications.service';

/**
 * The log reader (docs/protection.md "Protecting reporters") sees every line the server logs. Queries are made to
 * fail on a database of this file's own (tables renamed under the running server), so every
 * error path logs; the captured log must hold no SQL, no parameters, no ids of people, no keyed
 * hashes, no tokens, no stored file names, no report text.
 */

/** Ids far from any other number in a log line, so finding one means it leaked. */
const USER_ID_BASE = 734_912_350;
const REPORT_ID_BASE = 915_337_120;

const { t, capture } = useWatchedApp('candor-log-reader-', async ({ db }) => {
  await db.execute(sql`select setval('users_id_seq', ${USER_ID_BASE})`);
  await db.execute(sql`select setval('reports_id_seq', ${REPORT_ID_BASE})`);
});

async function renameTable(from: string, to: string) {
  await t.database.db.execute(sql.raw(`alter table ${from} rename to ${to}`));
}

type Call = { method: 'GET' | 'POST' | 'PATCH'; url: string; user?: TestUser; payload?: unknown };

async function send(call: Call) {
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers: call.user?.headers,
    payload: call.payload as Record<string, unknown> | undefined,
  });
}

describe('the log reader', () => {
  it('finds no SQL, parameters, user ids, owner tags, tokens, file names or report text when queries fail', async () => {
    const reporter = await createUser(t);
    const admin = await createAdmin(t);
    const title = 'Loglessly distinctive title 5f1c';
    const description = 'Loglessly distinctive description 9a2e';
    const report = await createReport(
      t,
      reporter,
      { title, description },
      {
        name: 'reporter-named-file.jpg',
        type: 'image/jpeg',
        data: readEvidenceFixture('photo-gps.jpg'),
      },
    );
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, report.id));
    if (!row) throw new Error('the report was not stored');
    // Every long text value of the report's row: keyed hashes, the file key, the reference.
    const rowSecrets = Object.values(row).filter(
      (value): value is string => typeof value === 'string' && value.length >= 12,
    );
    expect(row.evidenceKey).toBeTruthy();

    // The stored file is gone under the server: reading it fails with an error naming its path.
    await t.app.ctx.storage.delete(row.evidenceKey as string);
    const evidence = await send({ method: 'GET', url: report.file_upload as string });
    expect(evidence.statusCode).toBe(500);

    await renameTable('reports', 'reports_renamed');
    const failing: Call[] = [
      { method: 'GET', url: '/api/reports/', user: reporter },
      { method: 'GET', url: `/api/reports/${report.id}/`, user: reporter },
      { method: 'GET', url: `/api/reports/${report.id}/comments/`, user: admin },
      {
        method: 'POST',
        url: `/api/reports/${report.id}/comments/`,
        user: reporter,
        payload: { message: 'A message that must not be logged 77c1' },
      },
      {
        method: 'PATCH',
        url: `/api/admin/reports/${report.id}/update/`,
        user: admin,
        payload: { status: 'resolved' },
      },
      { method: 'GET', url: '/api/admin/reports/?q=Loglessly', user: admin },
    ];
    for (const call of failing) {
      const answer = await send(call);
      expect({ url: call.url, status: answer.statusCode, body: answer.json() }).toEqual({
        url: call.url,
        status: 500,
        body: { detail: 'Internal server error.' },
      });
    }
    // A bad evidence link is refused before anything is looked up: 404, not the 500 of a lookup.
    const tampered = (report.file_upload as string).replace(/signature=\w/, 'signature=z');
    expect((await send({ method: 'GET', url: tampered })).statusCode).toBe(404);
    await renameTable('reports_renamed', 'reports');

    await renameTable('notifications', 'notifications_renamed');
    for (const url of ['/api/notifications/', '/api/notifications/unread_count/']) {
      expect((await send({ method: 'GET', url, user: reporter })).statusCode).toBe(500);
    }
    await renameTable('notifications_renamed', 'notifications');

    // The per-report owner tags' index and the keyed recipients of notices: My Reports and a
    // reply (its tagged notice to the reporter) fail with them in their parameters.
    await renameTable('report_owner_index', 'report_owner_index_renamed');
    expect((await send({ method: 'GET', url: '/api/reports/', user: reporter })).statusCode).toBe(
      500,
    );
    await renameTable('report_owner_index_renamed', 'report_owner_index');
    await renameTable('notifications', 'notifications_renamed');
    const reply = await send({
      method: 'POST',
      url: `/api/reports/${report.id}/comments/`,
      user: admin,
      payload: { message: 'A reply that must not be logged 41d2' },
    });
    expect(reply.statusCode).toBe(500);
    await renameTable('notifications_renamed', 'notifications');

    await renameTable('refresh_tokens', 'refresh_tokens_renamed');
    const login = await send({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: reporter.username, password: reporter.password },
    });
    expect(login.statusCode).toBe(500);
    const refresh = await send({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      payload: { refresh: reporter.tokens.refresh },
    });
    expect(refresh.statusCode).toBe(500);
    await renameTable('refresh_tokens_renamed', 'refresh_tokens');

    const text = capture.text();
    const failures = capture.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request failed');
    // Each failure is logged with its class, code and route pattern (the capture works).
    expect(failures.length).toBeGreaterThanOrEqual(failing.length + 6);
    expect(failures).toContainEqual(
      expect.objectContaining({
        route: '/api/reports',
        error: expect.objectContaining({
          type: 'DrizzleQueryError',
          cause: expect.objectContaining({ code: '42P01' }),
        }),
      }),
    );
    expect(failures).toContainEqual(
      expect.objectContaining({
        route: '/api/reports/:id/evidence/',
        error: expect.objectContaining({ code: 'ENOENT' }),
      }),
    );

    const forbidden = [
      // SQL and its parameters
      'Failed query',
      'params',
      'select ',
      'insert into',
      'update ',
      'does not exist',
      // people and their reports
      String(reporter.id),
      String(admin.id),
      reporter.username,
      admin.username,
      title,
      description,
      'A message that must not be logged',
      report.token,
      // tokens, their keyed hashes, files
      reporter.tokens.access,
      reporter.tokens.refresh,
      hashRefreshToken(reporter.tokens.refresh),
      admin.tokens.access,
      'reporter-named-file',
      t.config.storage.driver === 'local' ? t.config.storage.dir : 'uploads',
      ...rowSecrets,
      // keyed tags: the index row of the reporter, the notices to them about their report
      t.app.ctx.hash('report.owner-index', reporter.id),
      reporterNoticeTag(t.app.ctx, report.id),
      'A reply that must not be logged',
    ];
    for (const value of forbidden) {
      expect({ value, found: text.includes(value) }).toEqual({ value, found: false });
    }
    expect(text.toLowerCase()).not.toContain('select ');
  });
});
