import type { AdminReport, AdminReportPage } from '@candor/contract/admin';
import type { Notification } from '@candor/contract/notifications';
import { READER_ID_PATTERN, type Reader } from '@candor/contract/reports';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../test/factories';
import { useOwnApp } from '../../test/hooks';
import { createReport, submitReport } from '../../test/reports';
import { reportExclusions } from '../db/schema';
import { NOT_A_READER, ONE_READER_REMAINS } from '../modules/reports/reports.service';

/**
 * A reporter keeps a report from one of its readers (the handler it is about). The excluded
 * handler, signed in, finds no trace of it: no id, reference, count or notice, in the list,
 * search, counts, analytics, CSV, notices, the report, its thread or its assignment. The other
 * handles it. The exclusion is stored under a keyed tag of the handler, never naming the
 * reporter or the handler in clear.
 */

const t = useOwnApp();

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user.headers, payload });

async function json<T>(user: TestUser, url: string): Promise<T> {
  const response = await call(user, 'GET', url);
  expect(response.statusCode, url).toBe(200);
  return response.json() as T;
}

/** Everything a handler is shown, as one text: the report must not be in it. */
async function everythingSeenBy(admin: TestUser) {
  return JSON.stringify({
    list: await json<AdminReport[]>(admin, '/api/admin/reports/'),
    page: await json<AdminReportPage>(admin, '/api/admin/reports/?limit=5'),
    search: await json<AdminReport[]>(admin, '/api/admin/reports/?q=manager'),
    overdue: await json<AdminReport[]>(admin, '/api/admin/reports/?overdue=true&order=deadline'),
    csv: (await call(admin, 'GET', '/api/admin/reports/export.csv?description=true')).body,
    analytics: await json<unknown>(admin, '/api/admin/analytics/'),
    notices: await json<Notification[]>(admin, '/api/notifications/'),
    unread: await json<unknown>(admin, '/api/notifications/unread_count/'),
  });
}

describe('a reporter keeps a report from one of two handlers', () => {
  it.for([
    { anonymous: 'true', kind: 'anonymous' },
    { anonymous: 'false', kind: 'identified' },
  ])('$kind: the excluded handler finds no trace, the other handles it', async ({ anonymous }) => {
    const organizationId = await createOrganization(t);
    const accused = await createAdmin(t, { organizationId });
    const other = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    expect(
      (
        await call(accused, 'PUT', '/api/admin/handler-label/', {
          handler_label: 'Line manager, North site',
        })
      ).statusCode,
    ).toBe(200);
    await call(other, 'PUT', '/api/admin/handler-label/', { handler_label: 'Compliance officer' });

    // Before writing, the reporter sees who reads it, under their labels.
    const readers = await json<Reader[]>(member, '/api/reports/readers/');
    expect(readers).toEqual([
      {
        id: expect.stringMatching(READER_ID_PATTERN),
        label: 'Line manager, North site',
        name: null,
      },
      { id: expect.stringMatching(READER_ID_PATTERN), label: 'Compliance officer', name: null },
    ]);
    const accusedReader = readers[0] as Reader;
    const empty = await everythingSeenBy(accused);

    const report = await createReport(t, member, {
      title: 'My manager shouts at the team',
      description: 'Every morning meeting.',
      is_anonymous: anonymous,
      excluded_readers: accusedReader.id,
    });
    await call(member, 'POST', `/api/reports/${report.id}/comments/`, { message: 'Again today.' });

    // The excluded handler: nothing changed anywhere, and the report itself is not found.
    const after = await everythingSeenBy(accused);
    expect(after).toEqual(empty);
    expect(after).not.toContain(report.token);
    for (const url of [
      `/api/reports/${report.id}/`,
      `/api/reports/${report.id}/comments/`,
      `/api/admin/reports/${report.id}/`,
    ]) {
      expect((await call(accused, 'GET', url)).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['POST', `/api/admin/reports/${report.id}/take/`],
      ['POST', `/api/admin/reports/${report.id}/acknowledge/`],
    ] as const) {
      expect((await call(accused, method, url, {})).statusCode, url).toBe(404);
    }

    // The other handler has it, is told, and handles it; the accused cannot be assigned it, and
    // the refusal is the one anyone gets.
    const seen = await json<AdminReport[]>(other, '/api/admin/reports/');
    expect(seen.map((row) => row.id)).toContain(report.id);
    const notices = await json<Notification[]>(other, '/api/notifications/');
    expect(
      notices
        .filter((n) => n.report === report.id)
        .map((n) => n.message)
        .sort(),
    ).toEqual(['A new report was submitted.', 'The reporter sent a new message.']);
    const assign = await call(other, 'POST', `/api/admin/reports/${report.id}/assign/`, {
      assignee_id: accused.id,
    });
    expect(assign.statusCode).toBe(400);
    expect(assign.json()).toEqual({ detail: 'This handler cannot be assigned this report.' });
    expect((await call(other, 'POST', `/api/admin/reports/${report.id}/take/`)).statusCode).toBe(
      200,
    );
    const reviewed = await call(other, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
      status: 'under_review',
    });
    expect(reviewed.statusCode).toBe(200);
    expect(await everythingSeenBy(accused)).toEqual(empty);

    // Stored: a keyed tag of the handler, not their id, and nothing of the reporter.
    const rows = await t.database.db
      .select()
      .from(reportExclusions)
      .where(eq(reportExclusions.reportId, report.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows.map((row) => row.handlerTag));
    expect(stored).not.toContain(`"${accused.id}"`);
    expect(stored).not.toContain(member.username);
    // The reporter's own view says nothing of it either.
    const own = await json<unknown>(member, `/api/reports/${report.id}/`);
    expect(JSON.stringify(own)).not.toContain('exclu');
  });

  it('keeps one reader at least, and only readers of the destination can be kept out', async () => {
    const organizationId = await createOrganization(t);
    await createAdmin(t, { organizationId });
    const outsiderOrganization = await createOrganization(t);
    await createAdmin(t, { organizationId: outsiderOrganization });
    const member = await createUser(t, { organizationId });
    const [onlyReader] = await json<Reader[]>(member, '/api/reports/readers/');
    const everyone = await submitReport(t, member, { excluded_readers: onlyReader?.id ?? '' });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json()).toEqual({ excluded_readers: [ONE_READER_REMAINS] });
    const outsiderMember = await createUser(t, { organizationId: outsiderOrganization });
    const [outsiderReader] = await json<Reader[]>(outsiderMember, '/api/reports/readers/');
    const stranger = await submitReport(t, member, { excluded_readers: outsiderReader?.id ?? '' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ excluded_readers: [NOT_A_READER] });
    const garbage = await submitReport(t, member, { excluded_readers: 'x,1' });
    expect(garbage.statusCode).toBe(400);
    // The platform's administrators instead: accepted.
    const instead = await submitReport(t, member, { destination: 'platform' });
    expect(instead.statusCode).toBe(201);
  });
});
