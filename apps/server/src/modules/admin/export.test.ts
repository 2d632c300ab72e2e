import type { Report } from '@candor/contract/reports';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/factories';
import { createAdmin, createOrganization, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { createReport } from '../../../test/reports';
import { auditLog, reports } from '../../db/schema';
import type { AuthUser } from '../auth/caller';
import { filterOf } from './admin.service';
import { exportRecords } from './export.service';

const t = useTestApp();

const exportCsv = (user: TestUser, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/reports/export.csv${query ? `?${query}` : ''}`,
    headers: user.headers,
  });

type Line = Record<string, string>;
const linesOf = (csv: string): Line[] => parse(csv, { columns: true });

async function scope() {
  const organizationId = await createOrganization(t);
  return {
    organizationId,
    admin: await createAdmin(t, { organizationId }),
    member: () => createUser(t, { organizationId }),
  };
}

describe('GET /api/admin/reports/export.csv', () => {
  it('lists the reports in scope with their dates, neutralising formulas', async () => {
    const { admin, member } = await scope();
    const named = await member();
    const hidden = await member();
    const formula = await createReport(t, named, {
      title: '=HYPERLINK("http://evil.example","open")',
      description: '+SUM(A1:A9)',
      is_anonymous: 'false',
      priority_flag: 'true',
      category: 'corruption',
    });
    const anonymous = await createReport(t, hidden, {
      title: '@lunch -minus',
      description: '-2+3',
    });
    await createReport(t, await createUser(t), { title: 'Somebody else’s' });

    const response = await exportCsv(admin, 'description=true');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="candor-reports-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = linesOf(response.body);
    expect(Object.keys(lines[0] ?? {})).toEqual([
      'reference',
      'title',
      'category',
      'status',
      'priority',
      'anonymous',
      'submitted_by',
      'submitted_at',
      'acknowledge_by',
      'acknowledged_at',
      'feedback_by',
      'feedback_at',
      'description',
    ]);
    // Newest first, only the organisation's reports.
    expect(lines.map((line) => line.reference)).toEqual([anonymous.token, formula.token]);
    expect(lines[1]).toEqual({
      reference: formula.token,
      title: `'=HYPERLINK("http://evil.example","open")`,
      category: 'corruption',
      status: 'pending',
      priority: 'yes',
      anonymous: 'no',
      submitted_by: named.username,
      submitted_at: formula.submitted_at,
      acknowledge_by: formula.acknowledge_by,
      acknowledged_at: '',
      feedback_by: formula.feedback_by,
      feedback_at: '',
      description: `'+SUM(A1:A9)`,
    });
    expect(lines[0]).toMatchObject({
      title: `'@lunch -minus`,
      anonymous: 'yes',
      submitted_by: '',
      description: `'-2+3`,
    });
    // No cell a spreadsheet would run.
    for (const line of lines) {
      for (const cell of Object.values(line)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    // The anonymous reporter is nowhere in the file.
    expect(response.body).not.toContain(hidden.username);
  });

  it('leaves the description out unless asked, and names no anonymous reporter', async () => {
    const { admin, member } = await scope();
    const reporter = await member();
    await createReport(t, reporter, { description: 'Secret details' });
    const body = (await exportCsv(admin)).body;
    const [line] = linesOf(body);
    expect(line).not.toHaveProperty('description');
    expect(line).toMatchObject({ anonymous: 'yes', submitted_by: '' });
    expect(body).not.toContain('Secret details');
    expect(body).not.toContain(reporter.username);
  });

  it('takes the same filters and order as the list', async () => {
    const { admin, member } = await scope();
    const reporter = await member();
    const created: Report[] = [];
    for (const [title, priority] of [
      ['Leak in lab', 'true'],
      ['Leak in gym', 'false'],
      ['Broken door', 'true'],
      ['Leak in hall', 'true'],
    ] as const) {
      created.push(await createReport(t, reporter, { title, priority_flag: priority }));
    }
    // One overdue report, one resolved.
    await t.database.db
      .update(reports)
      .set({ acknowledgeBy: sql`now() - interval '1 day'` })
      .where(eq(reports.id, (created[0] as Report).id));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${(created[3] as Report).id}/update/`,
      headers: admin.headers,
      payload: { status: 'resolved' },
    });
    for (const query of [
      'q=leak&priority=true',
      'status=resolved',
      'overdue=true',
      'order=deadline',
      'order=oldest&category=abuse',
    ]) {
      const listed = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/reports/?${query}`,
          headers: admin.headers,
        })
      ).json() as Report[];
      const exported = linesOf((await exportCsv(admin, query)).body);
      expect(
        exported.map((line) => line.reference),
        query,
      ).toEqual(listed.map((report) => report.token));
      expect(listed.length, query).toBeGreaterThan(0);
    }
  });

  it('audits each export with its filters, and whether a search narrowed it, never its text', async () => {
    const { admin } = await scope();
    const audited = async () => {
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reports.exported'), eq(auditLog.actorUserId, admin.id)))
        .orderBy(desc(auditLog.id));
      return entry;
    };
    expect((await exportCsv(admin, 'status=pending&description=true')).statusCode).toBe(200);
    expect(await audited()).toMatchObject({
      actorRole: 'admin',
      objectType: 'report',
      objectId: null,
      details: { filters: { status: 'pending', order: 'newest' }, description: true },
    });
    // A search may name a person; the log keeps its rows for good.
    expect((await exportCsv(admin, 'q=Jane%20Whistler')).statusCode).toBe(200);
    const searched = await audited();
    expect(searched?.details).toEqual({
      filters: { search: true, order: 'newest' },
      description: false,
    });
    expect(JSON.stringify(searched)).not.toMatch(/whistler/i);
  });

  it('answers 403 to users, 401 without a token and 400 for a bad filter', async () => {
    const user = await createUser(t);
    expect((await exportCsv(user)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports/export.csv' })).statusCode,
    ).toBe(401);
    const { admin } = await scope();
    const bad = await exportCsv(admin, 'description=maybe&order=random');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      description: ['Choose true or false.'],
      order: ['Choose one of: newest, oldest, deadline.'],
    });
  });
});

describe('the export reads reports in batches', () => {
  it('reads every report once, in order, one batch at a time, also across equal times', async () => {
    const { organizationId, admin, member } = await scope();
    const reporter = await member();
    const ids: number[] = [];
    for (let index = 0; index < 7; index += 1) ids.push((await createReport(t, reporter)).id);
    // Four reports share one submission instant (and so one deadline): ties broken by id.
    await t.database.db
      .update(reports)
      .set({
        submittedAt: sql`'2026-01-05T10:00:00.123456Z'::timestamptz`,
        acknowledgeBy: sql`'2026-01-12T10:00:00.123456Z'::timestamptz`,
      })
      .where(inArray(reports.id, ids.slice(1, 5)));
    // One has no next deadline any more.
    await t.database.db
      .update(reports)
      .set({ status: 'cancelled' })
      .where(eq(reports.id, ids[5] as number));
    const caller = { id: admin.id, organizationId, role: 'admin' } as AuthUser;
    for (const order of ['newest', 'oldest', 'deadline'] as const) {
      const listed = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/reports/?order=${order}`,
          headers: admin.headers,
        })
      ).json() as Report[];
      const batches: number[] = [];
      const read: number[] = [];
      const filter = await filterOf(t.app.ctx, caller, {});
      for await (const record of exportRecords(t.app.ctx, filter, order, {
        batch: 2,
        onBatch: (size) => batches.push(size),
      })) {
        read.push(record.id);
      }
      expect(read, order).toEqual(listed.map((report) => report.id));
      expect(batches, order).toEqual([2, 2, 2, 1]);
    }
  });

  it('streams the file over HTTP without knowing its length first', async () => {
    const { admin, member } = await scope();
    await createReport(t, await member());
    const response = await exportCsv(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
  });
});
