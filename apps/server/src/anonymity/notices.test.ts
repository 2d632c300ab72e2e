import type { Notification } from '@candor/contract/notifications';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../test/calls';
import { createAdmin, createOrganization, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/hooks';
import { createReport } from '../../test/reports';
import { sqlRows } from '../../test/sql';

/**
 * Notices about an anonymous report, read as the dump reader and the curious administrator would
 * (docs/protection.md "Protecting reporters"): every admin in scope gets the same notices, the author included;
 * the rows name no account and carry no instant a dump can join on.
 */
const t = useTestApp();

const { call } = callsAs(t);

async function noticesOf(user: TestUser, reportId: number): Promise<Notification[]> {
  const response = await call(user, 'GET', '/api/notifications/');
  expect(response.statusCode).toBe(200);
  return (response.json() as Notification[]).filter((notice) => notice.report === reportId);
}

async function organisationWithAdmins() {
  const organizationId = await createOrganization(t);
  return {
    author: await createAdmin(t, { organizationId }),
    colleague: await createAdmin(t, { organizationId }),
  };
}

describe('notices about an anonymous report', () => {
  it('reach every admin in scope alike, the author included', async () => {
    const { author, colleague } = await organisationWithAdmins();
    const report = await createReport(t, author, { title: 'Filed by an administrator' });
    const seen = async (user: TestUser) =>
      (await noticesOf(user, report.id)).map((notice) => notice.message);
    expect(await seen(author)).toEqual(['A new report was submitted.']);
    expect(await seen(colleague)).toEqual(['A new report was submitted.']);
    // The author writes to the report as its reporter: both inboxes again alike.
    const message = await call(author, 'POST', `/api/reports/${report.id}/comments/`, {
      message: 'More detail.',
    });
    expect(message.statusCode).toBe(201);
    expect(await seen(author)).toEqual(await seen(colleague));
    expect(await seen(colleague)).toContain('The reporter sent a new message.');
    const unread = async (user: TestUser) =>
      (await call(user, 'GET', '/api/notifications/unread_count/')).json().count;
    expect(await unread(author)).toBe(await unread(colleague));
  });

  it('name no account and keep the day only, while the recipient still reads the time', async () => {
    const { author, colleague } = await organisationWithAdmins();
    const report = await createReport(t, author);
    const changed = await call(colleague, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
      status: 'resolved',
      message: 'Handled.',
    });
    expect(changed.statusCode).toBe(200);
    const mine = (await noticesOf(author, report.id)).filter((notice) =>
      notice.message.startsWith('Your report'),
    );
    expect(mine.map((notice) => notice.message)).toContain(
      'Your report is now Resolved. An administrator wrote to you.',
    );
    // The recipient sees the precise time; the row keeps midnight.
    for (const notice of mine) expect(notice.created_at).not.toMatch(/T00:00:00\.000Z$/);
    const marked = await call(author, 'POST', `/api/notifications/${mine[0]?.id}/mark_read/`);
    expect(marked.statusCode).toBe(200);
    const rows = await sqlRows<{
      user_id: number | null;
      recipient_tag: string | null;
      day: boolean;
    }>(
      t.database.db,
      sql`select user_id, recipient_tag,
            created_at = date_trunc('day', created_at, 'UTC') as day
          from notifications where id = any(${sql.param(mine.map((notice) => notice.id))}::int[])`,
    );
    expect(rows.length).toBe(mine.length);
    for (const row of rows) {
      expect(row.user_id).toBeNull();
      expect(row.recipient_tag).toMatch(/^[0-9a-f]{64}$/);
      expect(row.day).toBe(true);
    }
  });

  it('share no instant with the audit row or the report a dump could join on', async () => {
    const { author, colleague } = await organisationWithAdmins();
    const report = await createReport(t, author);
    await call(colleague, 'POST', `/api/reports/${report.id}/comments/`, { message: 'A reply.' });
    await call(colleague, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
      status: 'resolved',
    });
    // The join from the finding: an audit row and a notice written in one transaction.
    const joined = await sqlRows(
      t.database.db,
      sql`select a.id from audit_log a join notifications n using (created_at)
          where a.object_type = 'report' and a.object_id = ${String(report.id)}`,
    );
    expect(joined).toEqual([]);
    const byReportTime = await sqlRows(
      t.database.db,
      sql`select n.id from reports r join notifications n
            on n.created_at in (r.submitted_at, r.updated_at, r.resolved_at)
          where r.id = ${report.id}`,
    );
    expect(byReportTime).toEqual([]);
    // The author is told as every administrator in scope is, no more and no less: their rows
    // and their colleague's are alike in number and in day.
    const accountRows = (userId: number) =>
      sqlRows<{ day: string }>(
        t.database.db,
        sql`select to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS') as day from notifications
            where user_id = ${userId} order by id`,
      );
    expect(await accountRows(author.id)).toEqual(await accountRows(colleague.id));
  });
});
