import type { Notification } from '@candor/contract/notifications';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls';
import type { TestUser } from '../../../test/factories';
import { createAdmin, createOrganization, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { createReport } from '../../../test/reports';
import { notifications } from '../../db/schema';
import { reporterNoticeTag } from './notifications.service';

/**
 * Opening a report clears the caller's notices about it: an administrator's (by their flag), an
 * identified reporter's (by their flag) and an anonymous reporter's (by the read marks of their
 * index, the notice rows to the report's tag untouched). Nobody else's change.
 */

const t = useTestApp();

const { call } = callsAs(t);

async function unread(user: TestUser): Promise<number> {
  return (await call(user, 'GET', '/api/notifications/unread_count/')).json().count;
}

/** The caller's unread notices, as the report each is about. */
async function unreadAbout(user: TestUser): Promise<(number | null)[]> {
  const list = (await call(user, 'GET', '/api/notifications/')).json() as Notification[];
  return list
    .filter((notice) => !notice.is_read)
    .map((notice) => notice.report)
    .sort();
}

/** The transaction that last wrote each notice row to the reporter of a report (its tag). */
async function tagRowVersions(reportId: number) {
  const rows = await t.database.db
    .select({ id: notifications.id, xmin: sql<string>`xmin::text`, isRead: notifications.isRead })
    .from(notifications)
    .where(eq(notifications.recipientTag, reporterNoticeTag(t.app.ctx, reportId)));
  return rows;
}

describe('opening a report marks the caller’s notices about it read', () => {
  it('for an administrator, an identified reporter and an anonymous one, and nobody else', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const colleague = await createAdmin(t, { organizationId });
    const reporter = await createUser(t, { organizationId });
    const named = await createReport(t, reporter, { title: 'Named report' });
    const hidden = await createReport(t, reporter, {
      title: 'Anonymous report',
      is_anonymous: 'true',
    });
    expect(await unreadAbout(admin)).toEqual([named.id, hidden.id].sort());

    // The administrator opens one: its notice is read, the other's stays, the colleague's too.
    const opened = await call(admin, 'GET', `/api/reports/${named.id}/`);
    expect(opened.statusCode).toBe(200);
    expect(await unreadAbout(admin)).toEqual([hidden.id]);
    expect(await unread(admin)).toBe(1);
    expect(await unreadAbout(colleague)).toEqual([named.id, hidden.id].sort());

    // Replies reach the reporter: by account for the named report, by tag for the anonymous one.
    for (const report of [named, hidden]) {
      const replied = await call(admin, 'POST', `/api/reports/${report.id}/comments/`, {
        message: 'We are looking into it.',
      });
      expect(replied.statusCode).toBe(201);
    }
    expect(await unreadAbout(reporter)).toEqual([named.id, hidden.id].sort());
    const before = await tagRowVersions(hidden.id);
    expect(before).toHaveLength(1);

    // The reporter opens the anonymous report: read in their index; the row itself is not written.
    expect((await call(reporter, 'GET', `/api/reports/${hidden.id}/`)).statusCode).toBe(200);
    expect(await unreadAbout(reporter)).toEqual([named.id]);
    expect(await unread(reporter)).toBe(1);
    expect(await tagRowVersions(hidden.id)).toEqual(before);
    // Opened again: nothing left to mark, nothing written.
    expect((await call(reporter, 'GET', `/api/reports/${hidden.id}/`)).statusCode).toBe(200);
    expect(await tagRowVersions(hidden.id)).toEqual(before);

    // And the named one: by the account's flag.
    expect((await call(reporter, 'GET', `/api/reports/${named.id}/`)).statusCode).toBe(200);
    expect(await unread(reporter)).toBe(0);

    // A report the caller may not see answers 404 and marks nothing.
    const outsider = await createAdmin(t, { organizationId: await createOrganization(t) });
    expect((await call(outsider, 'GET', `/api/reports/${hidden.id}/`)).statusCode).toBe(404);
    expect(await unreadAbout(colleague)).toEqual([named.id, hidden.id].sort());
    expect(await unreadAbout(admin)).toEqual([hidden.id]);
  });
});
