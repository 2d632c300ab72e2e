import type { AdminReport, AdminReportPage, Handler } from '@candor/contract/admin';
import type { AuditEntry } from '@candor/contract/audit-log';
import type { Notification } from '@candor/contract/notifications';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { useSuperuser, useTestApp } from '../../../test/hooks';
import { createReport } from '../../../test/reports';
import { OWN_REPORT_REFUSAL } from '../reports/report-access';
import { CANNOT_ASSIGN, TAKEN } from './admin.service';

const t = useTestApp();
const superuser = useSuperuser(t);

const { call, json } = callsAs(t);

async function team() {
  const organizationId = await createOrganization(t);
  const ana = await createAdmin(t, { organizationId });
  const ben = await createAdmin(t, { organizationId });
  const member = await createUser(t, { organizationId });
  const report = await createReport(t, member, { title: 'A case to share' });
  return { organizationId, ana, ben, member, report };
}

const viewIds = async (admin: TestUser, view: string) =>
  (await json<AdminReportPage>(admin, `/api/admin/reports/?assigned=${view}&limit=50`)).results.map(
    (row) => row.id,
  );

describe('assigning a case', () => {
  it('take, reassign and unassign: the views follow, each change is audited, the assignee told', async () => {
    const { ana, ben, report } = await team();
    const handlers = await json<Handler[]>(ana, '/api/admin/handlers/');
    expect(handlers.map((h) => h.id).sort()).toEqual([ana.id, ben.id].sort());
    expect(await viewIds(ana, 'none')).toEqual([report.id]);
    expect(await viewIds(ana, 'me')).toEqual([]);

    const taken = await call(ana, 'POST', `/api/admin/reports/${report.id}/take/`);
    expect(taken.statusCode).toBe(200);
    expect((taken.json() as AdminReport).assigned_to).toEqual({
      id: ana.id,
      username: ana.username,
    });
    expect(await viewIds(ana, 'me')).toEqual([report.id]);
    expect(await viewIds(ana, 'none')).toEqual([]);
    expect(await viewIds(ben, 'all')).toEqual([report.id]);

    // Taking a case someone has: refused, it stays theirs.
    const late = await call(ben, 'POST', `/api/admin/reports/${report.id}/take/`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: TAKEN });

    // A colleague reassigns it: the new assignee is told, and their view follows.
    const moved = await call(ana, 'POST', `/api/admin/reports/${report.id}/assign/`, {
      assignee_id: ben.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(await viewIds(ben, 'me')).toEqual([report.id]);
    expect(await viewIds(ana, 'me')).toEqual([]);
    const told = (await json<Notification[]>(ben, '/api/notifications/')).filter(
      (notice) => notice.report === report.id && notice.message === 'A report was assigned to you.',
    );
    expect(told).toHaveLength(1);
    const detail = await json<AdminReport>(ben, `/api/admin/reports/${report.id}/`);
    expect(detail.assigned_to?.username).toBe(ben.username);

    const cleared = await call(ben, 'POST', `/api/admin/reports/${report.id}/assign/`, {
      assignee_id: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await viewIds(ben, 'none')).toEqual([report.id]);

    const audit = await json<{ results: AuditEntry[] }>(superuser, `/api/audit/?limit=200`);
    const assigned = audit.results
      .filter(
        (entry) => entry.action === 'report.assigned' && entry.object_id === String(report.id),
      )
      .map((entry) => entry.details)
      .reverse();
    expect(assigned).toEqual([
      { from: null, to: ana.id },
      { from: ana.id, to: ben.id },
      { from: ben.id, to: null },
    ]);
  });

  it('two handlers take the same case at once: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { ana, ben, report } = await team();
      const answers = await Promise.all(
        [ana, ben].map((admin) => call(admin, 'POST', `/api/admin/reports/${report.id}/take/`)),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const owner = (await json<AdminReport>(ana, `/api/admin/reports/${report.id}/`)).assigned_to;
      expect(owner?.id).toBe([ana, ben][winner]?.id);
    }
  });

  it('never assigns a report to whoever filed it, and the refusal says no more than for anyone else', async () => {
    const organizationId = await createOrganization(t);
    const filer = await createAdmin(t, { organizationId });
    const colleague = await createAdmin(t, { organizationId });
    const outsider = await createAdmin(t, { organizationId: await createOrganization(t) });
    const member = await createUser(t, { organizationId });
    for (const anonymous of ['true', 'false']) {
      const report = await createReport(t, filer, { title: 'Filed', is_anonymous: anonymous });
      // The filer sees every handler, themselves included: the list hides nobody.
      expect((await json<Handler[]>(colleague, '/api/admin/handlers/')).map((h) => h.id)).toContain(
        filer.id,
      );
      const refusals = await Promise.all(
        [filer.id, outsider.id, member.id, 987654].map((id) =>
          call(colleague, 'POST', `/api/admin/reports/${report.id}/assign/`, { assignee_id: id }),
        ),
      );
      for (const refused of refusals) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ detail: CANNOT_ASSIGN });
      }
      // The filer cannot take it either: the neutral refusal of every action on it.
      const take = await call(filer, 'POST', `/api/admin/reports/${report.id}/take/`);
      expect(take.statusCode).toBe(403);
      expect(take.json()).toEqual({ detail: OWN_REPORT_REFUSAL });
      expect(
        (await call(colleague, 'POST', `/api/admin/reports/${report.id}/take/`)).statusCode,
      ).toBe(200);
    }
  });

  it('answers bad input with a 4xx and the reports of another scope with 404', async () => {
    const { ana, report } = await team();
    const other = await createAdmin(t, { organizationId: await createOrganization(t) });
    for (const payload of [{}, { assignee_id: 'x' }, { assignee_id: -1 }, { extra: 1 }]) {
      const answer = await call(ana, 'POST', `/api/admin/reports/${report.id}/assign/`, payload);
      expect(answer.statusCode).toBe(400);
    }
    expect((await call(other, 'POST', `/api/admin/reports/${report.id}/take/`)).statusCode).toBe(
      404,
    );
    expect((await call(other, 'GET', `/api/admin/reports/${report.id}/`)).statusCode).toBe(404);
    const bad = await call(ana, 'GET', '/api/admin/reports/?assigned=someone');
    expect(bad.statusCode).toBe(400);
  });
});
