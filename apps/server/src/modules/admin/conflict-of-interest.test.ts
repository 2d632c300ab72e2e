import type { AdminReport } from '@candor/contract/admin';
import type { Report, ReportMessage } from '@candor/contract/reports';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls';
import { createAdmin, createOrganization, type TestUser } from '../../../test/factories';
import { useTestApp } from '../../../test/hooks';
import { createReport } from '../../../test/reports';
import { OWN_REPORT_REFUSAL } from '../reports/report-access';

const t = useTestApp();

const { call } = callsAs(t);

async function listedIds(admin: TestUser, title: string): Promise<number[]> {
  const response = await call(admin, 'GET', `/api/admin/reports/?q=${encodeURIComponent(title)}`);
  expect(response.statusCode).toBe(200);
  return response.json().map((report: AdminReport) => report.id);
}

async function messagesSeenBy(user: TestUser, id: number): Promise<ReportMessage[]> {
  const response = await call(user, 'GET', `/api/reports/${id}/comments/`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** An organisation with two administrators: the one who files, and a colleague. */
async function twoAdmins() {
  const organizationId = await createOrganization(t);
  return {
    author: await createAdmin(t, { organizationId }),
    colleague: await createAdmin(t, { organizationId }),
  };
}

describe('an administrator never administers a report they filed', () => {
  it.for([
    { anonymous: true, kind: 'anonymous' },
    { anonymous: false, kind: 'identified' },
  ])(
    '$kind: the author follows it as its reporter, a colleague handles it',
    async ({ anonymous }) => {
      const { author, colleague } = await twoAdmins();
      const title = `Filed by an administrator ${anonymous} ${Date.now()}`;
      const report = await createReport(t, author, {
        title,
        is_anonymous: String(anonymous),
      });
      expect(report.destination).toBe('organization');

      // Every administrative act is refused to the author, with a neutral message.
      const status = await call(author, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
        status: 'under_review',
      });
      expect(status.statusCode).toBe(403);
      expect(status.json()).toEqual({ detail: OWN_REPORT_REFUSAL });
      const acknowledged = await call(
        author,
        'POST',
        `/api/admin/reports/${report.id}/acknowledge/`,
        {
          message: 'Received.',
        },
      );
      expect(acknowledged.statusCode).toBe(403);
      const note = await call(author, 'POST', `/api/reports/${report.id}/comments/`, {
        message: 'A note to myself.',
        is_internal: true,
      });
      expect(note.statusCode).toBe(403);
      expect(note.json()).toEqual({ detail: OWN_REPORT_REFUSAL });

      // It is in both admin lists alike (anonymity/colleague.test.ts compares them whole).
      expect(await listedIds(author, title)).toEqual([report.id]);
      expect(await listedIds(colleague, title)).toEqual([report.id]);

      // The colleague handles it: an internal note the author never sees, a status change.
      const internal = await call(colleague, 'POST', `/api/reports/${report.id}/comments/`, {
        message: 'Check who was on shift.',
        is_internal: true,
      });
      expect(internal.statusCode).toBe(201);
      const reviewed = await call(colleague, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
        status: 'under_review',
      });
      expect(reviewed.statusCode).toBe(200);
      expect((await messagesSeenBy(author, report.id)).map((message) => message.message)).toEqual(
        [],
      );
      expect(
        (await messagesSeenBy(colleague, report.id)).map((message) => message.message),
      ).toEqual(['Check who was on shift.']);

      // The author still reads and answers their own report, as its reporter.
      const own = await call(author, 'GET', `/api/reports/${report.id}/`);
      expect(own.statusCode).toBe(200);
      expect((own.json() as Report).status).toBe('under_review');
      const answer = await call(author, 'POST', `/api/reports/${report.id}/comments/`, {
        message: 'It happened again.',
      });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ is_sender_admin: false, is_internal: false });
    },
  );

  it('an anonymous report does not tell the colleague it came from an administrator', async () => {
    const { author, colleague } = await twoAdmins();
    const title = `Quietly filed ${Date.now()}`;
    const report = await createReport(t, author, { title, is_anonymous: 'true' });
    await call(author, 'POST', `/api/reports/${report.id}/comments/`, { message: 'More detail.' });
    const seen = (await call(colleague, 'GET', `/api/reports/${report.id}/`)).json() as Report;
    expect(seen.submitted_by_username).toBeNull();
    const [message] = await messagesSeenBy(colleague, report.id);
    expect(message).toMatchObject({
      is_sender_admin: false,
      display_sender_name: 'Anonymous reporter',
    });
    const text = JSON.stringify([seen, message]);
    expect(text).not.toContain(author.username);
    expect(text).not.toContain(`"${author.id}"`);
  });
});
