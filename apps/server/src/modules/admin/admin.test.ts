import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminScope, getAs, updateReportAs } from '../../../test/admin';
import { getTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { addressedTo } from '../../../test/notices';
import { createReport, setReportStatus } from '../../../test/reports';
import { auditLog, notifications } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('admin routes are for admins only', () => {
  it.each([
    ['GET', '/api/admin/reports/'],
    ['GET', '/api/admin/analytics/'],
    ['PATCH', '/api/admin/reports/1/update/'],
  ] as const)('%s %s answers 403 to a user and 401 without a token', async (method, url) => {
    const user = await createUser(t);
    const asUser = await t.app.inject({
      method,
      url,
      headers: user.headers,
      payload: method === 'PATCH' ? { status: 'resolved' } : undefined,
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/reports/', () => {
  it('lists the reports in scope newest first, anonymous ones without identity', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const named = await member();
    const first = await createReport(t, reporter, { title: 'Anon' });
    const second = await createReport(t, named, { title: 'Named', is_anonymous: 'false' });
    const response = await getAs('/api/admin/reports/', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(body[1].submitted_by_username).toBeNull();
    expect(body[0].submitted_by_username).toBe(named.username);
    expect(response.body).not.toContain(reporter.username);
  });

  it('filters by status and category, searches descriptions, and pages with a total', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const a = await createReport(t, reporter, { title: 'Alpha', category: 'corruption' });
    const b = await createReport(t, reporter, { title: 'Beta', description: 'bribes at the gate' });
    const c = await createReport(t, reporter, { title: 'Gamma' });
    await setReportStatus(t, c.id, 'resolved');
    const ids = async (query: string) =>
      (await getAs(`/api/admin/reports/?${query}`, admin)).json().map((r: { id: number }) => r.id);
    expect(await ids('status=resolved')).toEqual([c.id]);
    expect(await ids('status=all')).toEqual([c.id, b.id, a.id]);
    expect(await ids('category=corruption')).toEqual([a.id]);
    expect(await ids('q=BRIBES')).toEqual([b.id]);
    expect(await ids('order=oldest')).toEqual([a.id, b.id, c.id]);
    const page = (await getAs('/api/admin/reports/?limit=2&offset=1', admin)).json();
    expect(page.count).toBe(3);
    expect(page.results.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
  });

  it('keeps opened descriptions for the next search and forgets a deleted report', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter, {
      title: 'Plain title',
      description: 'The Ledger shows kickbacks',
    });
    const ids = async (q: string) =>
      (await getAs(`/api/admin/reports/?q=${encodeURIComponent(q)}`, admin))
        .json()
        .map((r: { id: number }) => r.id);
    expect(await ids('KICKBACKS')).toEqual([report.id]);
    expect(t.app.ctx.searchTexts.get(report.id)).toBe('the ledger shows kickbacks');
    // The next search reads the opened text from memory instead of opening it again.
    t.app.ctx.searchTexts.set(report.id, 'held in memory');
    expect(await ids('held in memory')).toEqual([report.id]);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${report.id}/`,
      headers: reporter.headers,
    });
    expect(removal.statusCode).toBe(204);
    expect(t.app.ctx.searchTexts.has(report.id)).toBe(false);
    expect(await ids('ledger')).toEqual([]);
  });

  it('answers 400 for an invalid status filter', async () => {
    const { admin } = await adminScope();
    const response = await getAs('/api/admin/reports/?status=lost', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('status');
  });
});

describe('GET /api/admin/analytics/', () => {
  it('counts the seeded reports by status, priority, anonymity and category', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    await createReport(t, reporter, { priority_flag: 'true' });
    await createReport(t, reporter, { is_anonymous: 'false', category: 'harassment' });
    const resolved = await createReport(t, reporter, { category: 'other' });
    await setReportStatus(t, resolved.id, 'resolved');
    const response = await getAs('/api/admin/analytics/', admin);
    expect(response.json()).toEqual({
      total_reports: 3,
      reports_by_status: {
        pending: 2,
        under_review: 0,
        resolved: 1,
        rejected: 0,
        cancelled: 0,
        escalated: 0,
      },
      priority_reports_count: 1,
      anonymous_vs_identified_reports: { true: 2, false: 1 },
      reports_by_category: { abuse: 1, corruption: 0, harassment: 1, other: 1 },
      // Nothing fell due yet (src/modules/deadlines/deadlines.test.ts covers the clock).
      deadlines: {
        acknowledgements_due: 0,
        acknowledged_on_time: 0,
        feedback_due: 0,
        feedback_on_time: 0,
        overdue_now: 0,
        due_soon: 0,
      },
    });
  });

  it('follows cancels, deletes, workflow changes and an organisation going away', async () => {
    const { admin, member } = await adminScope();
    const reporter = await member();
    const kept = await createReport(t, reporter, { priority_flag: 'true' });
    const cancelled = await createReport(t, reporter, { category: 'corruption' });
    const deleted = await createReport(t, reporter, { is_anonymous: 'false' });
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: reporter.headers });
    expect((await post(`/api/reports/${cancelled.id}/cancel/`)).statusCode).toBe(200);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/reports/${deleted.id}/`,
      headers: reporter.headers,
    });
    expect(removal.statusCode).toBe(204);
    expect((await updateReportAs(kept.id, admin, { status: 'under_review' })).statusCode).toBe(200);
    const body = (await getAs('/api/admin/analytics/', admin)).json();
    expect(body).toMatchObject({
      total_reports: 2,
      reports_by_status: { pending: 0, under_review: 1, cancelled: 1 },
      priority_reports_count: 1,
      anonymous_vs_identified_reports: { true: 2, false: 0 },
      reports_by_category: { abuse: 1, corruption: 1 },
    });
  });

  it('keeps counts that always equal a count of the reports themselves', async () => {
    // Reports of an organisation that is removed move to "no organisation".
    const { member } = await adminScope();
    const reporter = await member();
    const report = await createReport(t, reporter, { category: 'other' });
    await t.database.db.execute(sql`delete from organizations where id = (
      select organization_id from reports where id = ${report.id})`);
    await t.database.db.execute(
      sql`update reports set priority_flag = not priority_flag where id = ${report.id}`,
    );
    // A touch that moves no counted column, two reports filed in one statement (the grouped
    // path) and one in another (the one-row path), and a deletion (migration 0043).
    await t.database.db.execute(sql`update reports set updated_at = now() where id = ${report.id}`);
    const copies = (count: number) => sql`insert into reports (reference, title, category,
        status, priority_flag, is_anonymous, is_premium_report, owner_user_id,
        owner_account_deleted, owner_hash, is_guest, organization_id, description)
      select 'C' || md5(random()::text), title, category, status, priority_flag, is_anonymous,
        is_premium_report, owner_user_id, owner_account_deleted, owner_hash, is_guest,
        organization_id, description
      from reports, generate_series(1, ${count}) where id = ${report.id}`;
    await t.database.db.execute(copies(2));
    await t.database.db.execute(copies(1));
    await t.database.db.execute(sql`delete from reports where id = ${report.id}`);
    const groups = async (query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows
        .map((row) => JSON.stringify(row))
        .sort();
    // A group's count is spread over slots (migration 0028): its total is their sum.
    const kept = await groups(sql`select organization_key as org, status, category,
      priority_flag, is_anonymous, sum(total)::int as total from report_counts
      group by 1, 2, 3, 4, 5 having sum(total) <> 0`);
    const counted = await groups(sql`select coalesce(organization_id, 0) as org, status, category,
      priority_flag, is_anonymous, count(*)::int as total from reports group by 1, 2, 3, 4, 5`);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
  });

  it('answers zeros for every key when there are no reports', async () => {
    const { admin } = await adminScope();
    const body = (await getAs('/api/admin/analytics/', admin)).json();
    expect(body.total_reports).toBe(0);
    expect(Object.values(body.reports_by_status).every((n) => n === 0)).toBe(true);
    expect(Object.keys(body.reports_by_status)).toHaveLength(6);
  });
});

describe('PATCH /api/admin/reports/{id}/update/', () => {
  const allowed = [
    ['pending', 'under_review'],
    ['pending', 'resolved'],
    ['pending', 'rejected'],
    ['under_review', 'resolved'],
    ['under_review', 'rejected'],
  ];
  it.each(allowed)(
    'moves a %s report to %s, audits it and tells the reporter',
    async (from, to) => {
      const { admin, member } = await adminScope();
      const reporter = await member();
      const report = await createReport(t, reporter);
      await setReportStatus(t, report.id, from as string);
      const response = await updateReportAs(report.id, admin, { status: to });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(to);
      if (to === 'resolved') expect(response.json().resolved_at).not.toBeNull();
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'report'), eq(auditLog.objectId, String(report.id))));
      // Beside it, a first move out of pending also records the acknowledgement (the legal clock).
      const entry = entries.find((row) => row.action === 'report.status_changed');
      expect(entry).toMatchObject({ actorUserId: admin.id, details: { from, to } });
      const notices = await t.database.db
        .select()
        .from(notifications)
        .where(await addressedTo(t, reporter.id));
      expect(notices).toHaveLength(1);
    },
  );

  const refused: [string, string, RegExp][] = [
    ['under_review', 'under_review', /can only be moved to: resolved, rejected/],
    ['pending', 'pending', /can only be moved to: under_review, resolved, rejected/],
    ['pending', 'cancelled', /can only be moved to/],
    ['pending', 'escalated', /can only be moved to/],
    ['resolved', 'under_review', /final/],
    ['rejected', 'resolved', /final/],
    ['cancelled', 'under_review', /final/],
  ];
  it.each(refused)('refuses to move a %s report to %s', async (from, to, detail) => {
    const { admin, member } = await adminScope();
    const report = await createReport(t, await member());
    await setReportStatus(t, report.id, from);
    const response = await updateReportAs(report.id, admin, { status: to });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(detail);
  });

  it('answers 404 for an unknown report or one outside the admin’s organisation', async () => {
    const { admin } = await adminScope();
    const outsider = await createReport(t, await createUser(t));
    expect((await updateReportAs(999_999_999, admin, { status: 'resolved' })).statusCode).toBe(404);
    expect((await updateReportAs(outsider.id, admin, { status: 'resolved' })).statusCode).toBe(404);
  });

  it('answers 400 for an unknown status value', async () => {
    const { admin, member } = await adminScope();
    const report = await createReport(t, await member());
    const response = await updateReportAs(report.id, admin, { status: 'archived' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('status');
  });
});
