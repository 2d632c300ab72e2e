import type { Report } from '@candor/contract/reports';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/factories';
import { createAdmin, createOrganization, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { addressedTo } from '../../../test/notices';
import { createReport, submitReport } from '../../../test/reports';
import { notifications, reports } from '../../db/schema';

const t = useTestApp();

const get = (url: string, user: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user.headers });

/** An organisation with a member and an admin, and a platform admin beside them. */
async function setting() {
  const organizationId = await createOrganization(t);
  return {
    organizationId,
    member: await createUser(t, { organizationId }),
    organizationAdmin: await createAdmin(t, { organizationId }),
    platformAdmin: await createAdmin(t),
  };
}

async function noticesAbout(admin: TestUser, reportId: number) {
  const rows = await t.database.db
    .select()
    .from(notifications)
    .where(await addressedTo(t, admin.id));
  return rows.filter(
    (row) =>
      t.app.ctx.sealer.openJson<{ report: number | null }>(row.payload, 'notification.payload')
        .report === reportId,
  );
}

async function listedIds(admin: TestUser, title: string) {
  const response = await get(`/api/admin/reports/?q=${encodeURIComponent(title)}`, admin);
  expect(response.statusCode).toBe(200);
  return response.json().map((report: Report) => report.id);
}

async function totalReports(admin: TestUser): Promise<number> {
  return (await get('/api/admin/analytics/', admin)).json().total_reports;
}

describe('where a report goes', () => {
  it('sends a member’s report to the organisation’s administrators only, by default', async () => {
    const { member, organizationAdmin, platformAdmin } = await setting();
    const platformBefore = await totalReports(platformAdmin);
    const title = `Routed to the organisation ${Date.now()}`;
    const report = await createReport(t, member, { title });
    expect(report.destination).toBe('organization');
    expect(report.request_type).toBe('organization');

    expect((await get(`/api/reports/${report.id}/`, organizationAdmin)).statusCode).toBe(200);
    expect(await listedIds(organizationAdmin, title)).toEqual([report.id]);
    expect(await totalReports(organizationAdmin)).toBe(1);
    expect(await noticesAbout(organizationAdmin, report.id)).toHaveLength(1);

    expect((await get(`/api/reports/${report.id}/`, platformAdmin)).statusCode).toBe(404);
    expect(await listedIds(platformAdmin, title)).toEqual([]);
    expect(await totalReports(platformAdmin)).toBe(platformBefore);
    expect(await noticesAbout(platformAdmin, report.id)).toHaveLength(0);
  });

  it('sends a member’s report to the platform’s administrators when the member chooses', async () => {
    const { member, organizationAdmin, platformAdmin } = await setting();
    const platformBefore = await totalReports(platformAdmin);
    const title = `Routed past the organisation ${Date.now()}`;
    const report = await createReport(t, member, { title, destination: 'platform' });
    expect(report).toMatchObject({
      destination: 'platform',
      request_type: null,
      organization_name: null,
    });

    expect((await get(`/api/reports/${report.id}/`, platformAdmin)).statusCode).toBe(200);
    expect(await listedIds(platformAdmin, title)).toEqual([report.id]);
    expect(await totalReports(platformAdmin)).toBe(platformBefore + 1);
    expect(await noticesAbout(platformAdmin, report.id)).toHaveLength(1);

    // The organisation's administrators cannot open, find, count or hear of it.
    expect((await get(`/api/reports/${report.id}/`, organizationAdmin)).statusCode).toBe(404);
    expect((await get(`/api/reports/${report.id}/comments/`, organizationAdmin)).statusCode).toBe(
      404,
    );
    const status = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${report.id}/update/`,
      headers: organizationAdmin.headers,
      payload: { status: 'resolved' },
    });
    expect(status.statusCode).toBe(404);
    expect(await listedIds(organizationAdmin, title)).toEqual([]);
    expect(await totalReports(organizationAdmin)).toBe(0);
    expect(await noticesAbout(organizationAdmin, report.id)).toHaveLength(0);

    // The reporter's messages reach the platform's administrators, not the organisation's.
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${report.id}/comments/`,
      headers: member.headers,
      payload: { message: 'One more thing.' },
    });
    expect(message.statusCode).toBe(201);
    expect(await noticesAbout(platformAdmin, report.id)).toHaveLength(2);
    expect(await noticesAbout(organizationAdmin, report.id)).toHaveLength(0);

    // The reporter still finds it among their own.
    const mine = (await get('/api/reports/', member)).json();
    expect(mine.map((r: Report) => [r.id, r.destination])).toEqual([[report.id, 'platform']]);
  });

  it('sends the report of someone outside every organisation to the platform', async () => {
    const user = await createUser(t);
    const report = await createReport(t, user);
    expect(report.destination).toBe('platform');
    const chosen = await createReport(t, user, { destination: 'platform' });
    expect(chosen.destination).toBe('platform');
  });

  it('refuses the organisation as a destination to someone outside every organisation', async () => {
    const user = await createUser(t);
    const response = await submitReport(t, user, { destination: 'organization' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      destination: [
        'You do not belong to an organisation, so your report goes to the platform’s administrators.',
      ],
    });
    expect((await get('/api/reports/', user)).json()).toEqual([]);
  });

  it('answers 400 for a destination that is not one of the two', async () => {
    const { member } = await setting();
    const response = await submitReport(t, member, { destination: 'everyone' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ destination: ['Choose organization or platform.'] });
  });

  it('leaves nothing that tells a member’s report to the platform from anyone else’s', async () => {
    // The curious administrator and the dump reader: a member who went past their organisation
    // must look like any reporter outside one, or the choice itself would point at them.
    const { member, organizationId, platformAdmin } = await setting();
    const outsider = await createUser(t);
    const fields = { title: 'Same words', description: 'Same description.' };
    const fromMember = await createReport(t, member, { ...fields, destination: 'platform' });
    const fromOutsider = await createReport(t, outsider, fields);
    const [memberRow] = await t.database.db
      .select()
      .from(reports)
      .where(eq(reports.id, fromMember.id));
    expect(memberRow?.organizationId).toBeNull();
    const rowText = JSON.stringify(memberRow, (_key, value) =>
      Buffer.isBuffer(value) ? value.toString('hex') : value,
    );
    expect(rowText).not.toContain(`"organizationId":${organizationId}`);

    const view = async (id: number) => {
      const body = (await get(`/api/reports/${id}/`, platformAdmin)).json();
      const { id: _id, token, submitted_at, updated_at, file_upload, ...rest } = body;
      // The deadlines follow the submission instant: compared as periods after it.
      const sinceSubmission = (instant: string) => Date.parse(instant) - Date.parse(submitted_at);
      return {
        ...rest,
        acknowledge_by: sinceSubmission(rest.acknowledge_by),
        feedback_by: sinceSubmission(rest.feedback_by),
      };
    };
    expect(await view(fromMember.id)).toEqual(await view(fromOutsider.id));
  });
});
