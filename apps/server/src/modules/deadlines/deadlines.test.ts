import type { Report } from '@candor/contract/reports';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/factories';
import { createAdmin, createOrganization, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { addressedTo } from '../../../test/notices';
import { createReport } from '../../../test/reports';
import { auditLog, notifications, reports } from '../../db/schema';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;

const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const acknowledge = (id: number, user: TestUser, payload?: object) =>
  post(`/api/admin/reports/${id}/acknowledge/`, user, payload);
const reply = (id: number, user: TestUser, payload: object) =>
  post(`/api/reports/${id}/comments/`, user, payload);
const setStatus = (id: number, user: TestUser, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/reports/${id}/update/`,
    headers: user.headers,
    payload: { status },
  });
const threadOf = async (id: number, user: TestUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/reports/${id}/comments/`,
      headers: user.headers,
    })
  ).json();
const getReport = async (id: number, user: TestUser): Promise<Report> =>
  (await t.app.inject({ method: 'GET', url: `/api/reports/${id}/`, headers: user.headers })).json();

/** `a + months` as PostgreSQL counts it (the end of a shorter month when the day is missing). */
async function plusMonths(at: string, months: number): Promise<string> {
  const result = (await t.database.db.execute(
    sql`select (${at}::timestamptz + make_interval(months => ${months}::int)) as at`,
  )) as unknown as { rows: { at: Date | string }[] };
  return new Date(result.rows[0]?.at as Date).toISOString();
}

/** Moves a report's whole clock `days` into the past, as if it had been filed then. */
async function backdate(id: number, days: number) {
  const shift = sql`make_interval(days => ${days}::int)`;
  await t.database.db
    .update(reports)
    .set({
      submittedAt: sql`${reports.submittedAt} - ${shift}`,
      acknowledgeBy: sql`${reports.acknowledgeBy} - ${shift}`,
      acknowledgedAt: sql`${reports.acknowledgedAt} - ${shift}`,
      // Counted again as the server counts it: months are not a fixed number of days.
      feedbackBy: sql`least(coalesce(${reports.acknowledgedAt}, ${reports.acknowledgeBy}), ${reports.acknowledgeBy}) - ${shift} + ${reports.feedbackPeriod}`,
    })
    .where(eq(reports.id, id));
}

async function clockAudit(id: number) {
  return t.database.db
    .select({
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, 'report'),
        eq(auditLog.objectId, String(id)),
        sql`${auditLog.action} in ('report.acknowledged', 'report.feedback_given')`,
      ),
    )
    .orderBy(asc(auditLog.id));
}

async function noticesFor(userId: number) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(await addressedTo(t, userId));
  return rows.map(
    (row) =>
      t.app.ctx.sealer.openJson<{ message: string }>(row.payload, 'notification.payload').message,
  );
}

/** An organisation with its admin and a member who reports, so lists are not shared. */
async function scope() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(t, { organizationId });
  const reporter = await createUser(t, { organizationId });
  return { organizationId, admin, reporter };
}

describe('the clock of a new report', () => {
  it('is due for acknowledgement 7 days after submission and feedback 3 months after that', async () => {
    const { reporter } = await scope();
    const report = await createReport(t, reporter);
    const submitted = Date.parse(report.submitted_at);
    expect(Date.parse(report.acknowledge_by) - submitted).toBe(7 * DAY);
    expect(report.feedback_by).toBe(await plusMonths(report.acknowledge_by, 3));
    expect(report).toMatchObject({ acknowledged_at: null, feedback_at: null });
    // The reporter reads the same dates on their report and in My Reports.
    expect(await getReport(report.id, reporter)).toMatchObject({
      acknowledge_by: report.acknowledge_by,
      feedback_by: report.feedback_by,
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/reports/', headers: reporter.headers })
    ).json() as Report[];
    expect(mine.find((r) => r.id === report.id)).toMatchObject({
      acknowledge_by: report.acknowledge_by,
      feedback_by: report.feedback_by,
    });
  });

  it("follows an organisation's shorter periods, and a later change leaves filed reports alone", async () => {
    const { admin, reporter } = await scope();
    const set = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/organizations/deadlines/',
        headers: admin.headers,
        payload,
      });
    const saved = await set({ acknowledge_days: 3, feedback_days: 30 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ acknowledge_days: 3, feedback_days: 30, is_admin: true });

    const report = await createReport(t, reporter);
    const submitted = Date.parse(report.submitted_at);
    expect(Date.parse(report.acknowledge_by) - submitted).toBe(3 * DAY);
    expect(Date.parse(report.feedback_by) - Date.parse(report.acknowledge_by)).toBe(30 * DAY);
    // Sent to the platform's administrators instead, it runs on the platform's periods.
    const toPlatform = await createReport(t, reporter, { destination: 'platform' });
    expect(Date.parse(toPlatform.acknowledge_by) - Date.parse(toPlatform.submitted_at)).toBe(
      7 * DAY,
    );

    expect((await set({ acknowledge_days: null, feedback_days: null })).statusCode).toBe(200);
    expect(await getReport(report.id, reporter)).toMatchObject({
      acknowledge_by: report.acknowledge_by,
      feedback_by: report.feedback_by,
    });
    // Acknowledged now: feedback falls due 30 days later, the period the report was filed under.
    const acknowledged = (await acknowledge(report.id, admin)).json() as Report;
    expect(
      Date.parse(acknowledged.feedback_by) - Date.parse(acknowledged.acknowledged_at as string),
    ).toBe(30 * DAY);
    const next = await createReport(t, reporter);
    expect(Date.parse(next.acknowledge_by) - Date.parse(next.submitted_at)).toBe(7 * DAY);

    const changes = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'organization.deadlines_changed'))
      .orderBy(asc(auditLog.id));
    expect(changes.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { acknowledge_days: 3, feedback_days: 30 },
        { acknowledge_days: null, feedback_days: null },
      ]),
    );
  });

  it('refuses periods longer than the law allows, and anyone but the organisation admin', async () => {
    const { admin, reporter } = await scope();
    const put = (user: TestUser, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/organizations/deadlines/',
        headers: user.headers,
        payload,
      });
    const tooLong = await put(admin, { acknowledge_days: 8, feedback_days: 120 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      acknowledge_days: ['At most 7 days.'],
      feedback_days: ['At most 89 days (shorter than 3 months).'],
    });
    expect((await put(admin, { acknowledge_days: 0, feedback_days: 10 })).statusCode).toBe(400);
    const member = await put(reporter, { acknowledge_days: 3, feedback_days: 10 });
    expect(member.statusCode).toBe(403);
    const platformAdmin = await createAdmin(t);
    expect((await put(platformAdmin, { acknowledge_days: 3, feedback_days: 10 })).statusCode).toBe(
      403,
    );
  });
});

describe('Acknowledge receipt', () => {
  it('acknowledges with a message to the reporter, tells them, and audits it', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    const response = await acknowledge(report.id, admin, { message: '  We have your report.  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Report;
    const acknowledgedAt = Date.parse(body.acknowledged_at as string);
    expect(acknowledgedAt).toBeGreaterThanOrEqual(Date.parse(report.submitted_at));
    expect(body.feedback_by).toBe(await plusMonths(body.acknowledged_at as string, 3));
    expect(body.feedback_at).toBeNull();

    const thread = await threadOf(report.id, reporter);
    expect(thread).toEqual([
      expect.objectContaining({
        message: 'We have your report.',
        is_internal: false,
        is_sender_admin: true,
        is_feedback: false,
      }),
    ]);
    expect(await noticesFor(reporter.id)).toContain(
      'Your report was acknowledged, with a message from an administrator.',
    );
    const [entry] = await clockAudit(report.id);
    expect(entry).toMatchObject({
      action: 'report.acknowledged',
      actorUserId: admin.id,
      details: {
        via: 'action',
        due: report.acknowledge_by,
        on_time: true,
        feedback_due: body.feedback_by,
        message_id: thread[0].id,
      },
    });
  });

  it('acknowledges without a message, and only once', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    const first = await acknowledge(report.id, admin);
    expect(first.statusCode).toBe(200);
    expect(await noticesFor(reporter.id)).toContain('Your report was acknowledged.');
    const again = await acknowledge(report.id, admin, { message: 'Hello again' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This report has already been acknowledged.' });
    expect(await clockAudit(report.id)).toHaveLength(1);
  });

  it('records one acknowledgement when two admins acknowledge at once', async () => {
    const { organizationId, admin, reporter } = await scope();
    const second = await createAdmin(t, { organizationId });
    const report = await createReport(t, reporter);
    const answers = await Promise.all([
      acknowledge(report.id, admin),
      acknowledge(report.id, second),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await clockAudit(report.id)).toHaveLength(1);
  });

  it('answers 404 outside the admin scope, 403 to users, 400 when cancelled or malformed', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    const other = await createAdmin(t, { organizationId: await createOrganization(t) });
    expect((await acknowledge(report.id, other)).statusCode).toBe(404);
    expect((await acknowledge(report.id, reporter)).statusCode).toBe(403);
    const malformed = await acknowledge(report.id, admin, { message: 5 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('message');
    expect((await acknowledge(report.id, admin, { note: 'x' })).statusCode).toBe(400);
    await post(`/api/reports/${report.id}/cancel/`, reporter);
    const cancelled = await acknowledge(report.id, admin);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json()).toEqual({
      detail: 'This report was cancelled, so it needs no acknowledgement.',
    });
  });

  it('records a late acknowledgement as late, without extending the time for feedback', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    await backdate(report.id, 10);
    const filed = await getReport(report.id, reporter);
    const body = (await acknowledge(report.id, admin)).json() as Report;
    expect(body.feedback_by).toBe(filed.feedback_by);
    expect(body.feedback_by).toBe(await plusMonths(filed.acknowledge_by, 3));
    const [entry] = await clockAudit(report.id);
    expect(entry?.details).toMatchObject({ via: 'action', on_time: false });
  });
});

describe('replies and status changes on the clock', () => {
  it('is acknowledged by the first reply to the reporter, not by an internal note', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    expect((await reply(report.id, admin, { message: 'Note', is_internal: true })).statusCode).toBe(
      201,
    );
    expect((await getReport(report.id, reporter)).acknowledged_at).toBeNull();
    const sent = await reply(report.id, admin, { message: 'We are on it.' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ is_feedback: false });
    const after = await getReport(report.id, reporter);
    expect(after.acknowledged_at).not.toBeNull();
    expect(after.feedback_at).toBeNull();
    await reply(report.id, admin, { message: 'A second reply.' });
    expect(await clockAudit(report.id)).toEqual([
      expect.objectContaining({
        action: 'report.acknowledged',
        details: expect.objectContaining({ via: 'reply', message_id: sent.json().id }),
      }),
    ]);
  });

  it('takes a reply marked as feedback as feedback (and acknowledgement), shown as such', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    const sent = await reply(report.id, admin, {
      message: 'We spoke to the site manager.',
      is_feedback: true,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ is_feedback: true, is_internal: false });
    const after = await getReport(report.id, reporter);
    expect(after.acknowledged_at).not.toBeNull();
    expect(after.feedback_at).not.toBeNull();
    expect((await clockAudit(report.id)).map((entry) => entry.action)).toEqual([
      'report.acknowledged',
      'report.feedback_given',
    ]);
    const thread = await threadOf(report.id, reporter);
    expect(thread[0]).toMatchObject({ is_feedback: true });
  });

  it('refuses feedback on an internal note or from the reporter', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    const internal = await reply(report.id, admin, {
      message: 'x',
      is_internal: true,
      is_feedback: true,
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json()).toEqual({
      is_feedback: ['An internal note cannot be feedback: feedback is a reply to the reporter.'],
    });
    const fromReporter = await reply(report.id, reporter, { message: 'x', is_feedback: true });
    expect(fromReporter.statusCode).toBe(400);
    expect(fromReporter.json()).toHaveProperty('is_feedback');
    expect((await getReport(report.id, reporter)).feedback_at).toBeNull();
  });

  it('is acknowledged by a status change, and given feedback by a final status', async () => {
    const { admin, reporter } = await scope();
    const report = await createReport(t, reporter);
    const reviewing = await setStatus(report.id, admin, 'under_review');
    expect(reviewing.json()).toMatchObject({ status: 'under_review', feedback_at: null });
    expect(reviewing.json().acknowledged_at).not.toBeNull();
    const resolved = await setStatus(report.id, admin, 'resolved');
    expect(resolved.json().feedback_at).not.toBeNull();
    expect((await clockAudit(report.id)).map((entry) => [entry.action, entry.details.via])).toEqual(
      [
        ['report.acknowledged', 'status'],
        ['report.feedback_given', 'status'],
      ],
    );

    const rejectedAtOnce = await createReport(t, reporter);
    const rejected = (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/reports/${rejectedAtOnce.id}/update/`,
        headers: admin.headers,
        payload: { status: 'rejected', message: 'This is outside what we handle.' },
      })
    ).json() as Report;
    expect(rejected.acknowledged_at).not.toBeNull();
    expect(rejected.feedback_at).not.toBeNull();
    // The message sent with a final status is the feedback, and says so in the thread.
    const thread = await threadOf(rejectedAtOnce.id, reporter);
    expect(thread).toEqual([
      expect.objectContaining({ message: 'This is outside what we handle.', is_feedback: true }),
    ]);
    const [, feedback] = await clockAudit(rejectedAtOnce.id);
    expect(feedback?.details).toMatchObject({ via: 'status', message_id: thread[0].id });
  });
});

describe('overdue reports on the dashboard', () => {
  it('filters the overdue ones and sorts by the next deadline', async () => {
    const { admin, reporter } = await scope();
    await createReport(t, reporter, { title: 'Fresh' });
    const late = await createReport(t, reporter, { title: 'Acknowledgement late' });
    const older = await createReport(t, reporter, { title: 'Older, late' });
    const done = await createReport(t, reporter, { title: 'Done' });
    const cancelled = await createReport(t, reporter, { title: 'Cancelled' });
    await backdate(late.id, 9);
    await backdate(older.id, 12);
    await backdate(cancelled.id, 30);
    await post(`/api/reports/${cancelled.id}/cancel/`, reporter);
    await setStatus(done.id, admin, 'resolved');

    const list = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/reports/?${query}`,
          headers: admin.headers,
        })
      ).json() as Report[];
    // Newest first by default: the one filed 9 days ago before the one filed 12 days ago.
    expect((await list('overdue=true')).map((r) => r.title)).toEqual([
      'Acknowledgement late',
      'Older, late',
    ]);
    expect((await list('overdue=true&order=deadline')).map((r) => r.title)).toEqual([
      'Older, late',
      'Acknowledgement late',
    ]);
    // Next deadline first; reports with none (feedback given, cancelled) last.
    expect((await list('order=deadline')).map((r) => r.title)).toEqual([
      'Older, late',
      'Acknowledgement late',
      'Fresh',
      'Done',
      'Cancelled',
    ]);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/reports/?overdue=true&limit=1',
        headers: admin.headers,
      })
    ).json();
    expect(page.count).toBe(2);

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/?overdue=yes&order=soonest',
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      overdue: ['Choose true or false.'],
      order: ['Choose one of: newest, oldest, deadline.'],
    });
  });

  it('counts deadlines met on time over the last 12 months in the analytics', async () => {
    const { admin, reporter } = await scope();
    const onTime = await createReport(t, reporter);
    await acknowledge(onTime.id, admin);
    await reply(onTime.id, admin, { message: 'Done.', is_feedback: true });
    const lateOne = await createReport(t, reporter);
    await backdate(lateOne.id, 8);
    await acknowledge(lateOne.id, admin);
    const overdue = await createReport(t, reporter);
    await backdate(overdue.id, 20);
    await createReport(t, reporter); // not due yet: counted nowhere
    const ancient = await createReport(t, reporter);
    await backdate(ancient.id, 400); // outside the window, but overdue now

    const analytics = (
      await t.app.inject({ method: 'GET', url: '/api/admin/analytics/', headers: admin.headers })
    ).json();
    expect(analytics.deadlines).toEqual({
      acknowledgements_due: 3,
      acknowledged_on_time: 1,
      feedback_due: 1,
      feedback_on_time: 1,
      overdue_now: 2,
      due_soon: 0,
    });
  });

  it('counts and filters the reports due in two days, leaving out those kept from the handler', async () => {
    const organizationId = await createOrganization(t);
    const kept = await createAdmin(t, { organizationId });
    const other = await createAdmin(t, { organizationId });
    const reporter = await createUser(t, { organizationId });
    // The reporter keeps reports from `kept` by the reader id the readers list gives them.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/handler-label/',
      headers: kept.headers,
      payload: { handler_label: 'Kept out' },
    });
    const readers = (
      await t.app.inject({ method: 'GET', url: '/api/reports/readers/', headers: reporter.headers })
    ).json() as { id: string; label: string }[];
    const keptReader = readers.find((reader) => reader.label === 'Kept out')?.id ?? '';
    await createReport(t, reporter, { title: 'Fresh' }); // due in 7 days: neither
    const soon = await createReport(t, reporter, { title: 'Due tomorrow' });
    await backdate(soon.id, 6);
    const late = await createReport(t, reporter, { title: 'Overdue' });
    await backdate(late.id, 9);
    // The same twice, each kept from one handler by its reporter.
    const hiddenSoon = await createReport(t, reporter, {
      title: 'Kept, due tomorrow',
      is_anonymous: 'true',
      excluded_readers: keptReader,
    });
    await backdate(hiddenSoon.id, 6);
    const hiddenLate = await createReport(t, reporter, {
      title: 'Kept, overdue',
      excluded_readers: keptReader,
    });
    await backdate(hiddenLate.id, 9);

    const get = async (user: TestUser, url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: user.headers })).json();
    const counts = async (user: TestUser) => {
      const { deadlines } = await get(user, '/api/admin/analytics/');
      return { overdue: deadlines.overdue_now, soon: deadlines.due_soon };
    };
    const titles = async (user: TestUser, query: string) =>
      ((await get(user, `/api/admin/reports/?${query}`)) as Report[]).map((r) => r.title);

    expect(await counts(kept)).toEqual({ overdue: 1, soon: 1 });
    expect(await counts(other)).toEqual({ overdue: 2, soon: 2 });
    expect(await titles(kept, 'due_soon=true')).toEqual(['Due tomorrow']);
    expect(await titles(kept, 'overdue=true&order=deadline')).toEqual(['Overdue']);
    expect(await titles(other, 'due_soon=true')).toEqual(['Kept, due tomorrow', 'Due tomorrow']);
    // Another organisation's admin counts none of them.
    const stranger = await createAdmin(t, { organizationId: await createOrganization(t) });
    expect(await counts(stranger)).toEqual({ overdue: 0, soon: 0 });
    // Once acknowledged, a report's next deadline is months away: no longer due soon.
    await acknowledge(soon.id, other);
    expect(await titles(other, 'due_soon=true')).toEqual(['Kept, due tomorrow']);
    expect(await counts(kept)).toEqual({ overdue: 1, soon: 0 });

    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/?due_soon=soon',
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ due_soon: ['Choose true or false.'] });
  });
});
