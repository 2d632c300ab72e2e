import type { AdminReport, AdminReportPage } from '@candor/contract/admin';
import type { Notification } from '@candor/contract/notifications';
import type { Report } from '@candor/contract/reports';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../test/calls';
import type { TestUser } from '../../test/factories';
import { createAdmin, createOrganization, createSuperuser, createUser } from '../../test/factories';
import { useOwnApp } from '../../test/hooks';
import { createReport } from '../../test/reports';
import { applyOwnerQueue } from '../modules/owners/owner-queue';

/**
 * The insider who compares notes with a colleague (docs/protection.md "Protecting reporters"): two administrators
 * of one organisation, one of whom filed a report there, put everything they are shown side by
 * side: list, count, search, CSV, analytics, notices and cards. Nothing may differ. Only the
 * actions on that report are refused to the one who filed it, with a message that says nothing
 * of why. A report every administrator of its organisation filed (its sole administrator did)
 * goes to the platform's administrators, and no card names the organisation or its admin.
 */

const NEUTRAL = 'Another administrator handles this report.';

const t = useOwnApp();

const { call, json } = callsAs(t);

/** Everything an administrator's dashboard shows about the organisation's reports. */
async function dashboardOf(admin: TestUser, reportIds: number[]) {
  const mine = (notice: Notification) => reportIds.includes(notice.report ?? -1);
  const csv = (await call(admin, 'GET', '/api/admin/reports/export.csv?description=true')).body;
  return {
    list: await json<AdminReport[]>(admin, '/api/admin/reports/'),
    page: await json<AdminReportPage>(admin, '/api/admin/reports/?limit=2&offset=0'),
    search: await json<AdminReport[]>(admin, '/api/admin/reports/?q=ladder'),
    pending: await json<AdminReportPage>(admin, '/api/admin/reports/?status=pending&limit=50'),
    csv,
    analytics: await json<unknown>(admin, '/api/admin/analytics/'),
    // The administrators' notices; the reporter's own news ("Your report is now ...") is about
    // being its reporter, and is not among them.
    notices: (await json<Notification[]>(admin, '/api/notifications/'))
      .filter(mine)
      .filter((notice) => !notice.message.startsWith('Your report'))
      .map(({ id: _id, is_read: _read, ...rest }) => rest),
  };
}

describe('two administrators of one organisation compare notes', () => {
  it.for([
    { anonymous: true, kind: 'anonymous' },
    { anonymous: false, kind: 'identified' },
  ])(
    '$kind: the filer cannot be told apart, and only their actions are refused',
    async ({ anonymous }) => {
      const organizationId = await createOrganization(t);
      const filer = await createAdmin(t, { organizationId });
      const colleague = await createAdmin(t, { organizationId });
      const member = await createUser(t, { organizationId });
      const byFiler = await createReport(t, filer, {
        title: 'Broken ladder in the store room',
        description: 'A rung is missing.',
        is_anonymous: String(anonymous),
      });
      const byMember = await createReport(t, member, {
        title: 'Ladder left in the corridor',
        description: 'Someone tripped.',
        is_anonymous: 'true',
      });
      const ids = [byFiler.id, byMember.id];
      // The reporter writes again (the filer, from their own report).
      const more = await call(filer, 'POST', `/api/reports/${byFiler.id}/comments/`, {
        message: 'It happened again today.',
      });
      expect(more.statusCode).toBe(201);

      const filerSees = await dashboardOf(filer, ids);
      const colleagueSees = await dashboardOf(colleague, ids);
      expect(filerSees.list.map((report) => report.id).sort()).toEqual([...ids].sort());
      expect(filerSees.page.count).toBe(2);
      expect(filerSees.search.map((report) => report.id).sort()).toEqual([...ids].sort());
      expect(filerSees.csv).toContain(byFiler.token);
      expect(filerSees.notices.map((notice) => notice.message).sort()).toEqual([
        'A new report was submitted.',
        'A new report was submitted.',
        'The reporter sent a new message.',
      ]);
      expect(filerSees).toEqual(colleagueSees);

      // Each opens the reporter's message: both lists' unread counts fall alike.
      for (const admin of [filer, colleague]) {
        await json(admin, `/api/reports/${byFiler.id}/comments/`);
      }
      const unread = async (admin: TestUser) =>
        (await json<AdminReport[]>(admin, '/api/admin/reports/')).map(
          (report) => report.unread_from_reporter,
        );
      expect(await unread(filer)).toEqual(await unread(colleague));

      // The filer's actions on it are refused, with the same words whatever the reason.
      const refusals = [
        await call(filer, 'PATCH', `/api/admin/reports/${byFiler.id}/update/`, {
          status: 'under_review',
        }),
        await call(filer, 'POST', `/api/admin/reports/${byFiler.id}/acknowledge/`, {
          message: 'Received.',
        }),
        await call(filer, 'POST', `/api/reports/${byFiler.id}/comments/`, {
          message: 'A note.',
          is_internal: true,
        }),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: NEUTRAL });
      }
      // On the other report the filer acts as any administrator; the colleague handles theirs.
      const handled = await call(filer, 'PATCH', `/api/admin/reports/${byMember.id}/update/`, {
        status: 'under_review',
      });
      expect(handled.statusCode).toBe(200);
      const reviewed = await call(colleague, 'PATCH', `/api/admin/reports/${byFiler.id}/update/`, {
        status: 'under_review',
      });
      expect(reviewed.statusCode).toBe(200);

      // After both changes the dashboards still match.
      expect(await dashboardOf(filer, ids)).toEqual(await dashboardOf(colleague, ids));
    },
  );
});

describe('a report its sole administrator filed', () => {
  it.for([
    { anonymous: true, kind: 'anonymous' },
    { anonymous: false, kind: 'identified' },
  ])('$kind: goes to the platform administrators, and no card names it', async ({ anonymous }) => {
    const organizationId = await createOrganization(t);
    const sole = await createAdmin(t, { organizationId });
    const platform = await createAdmin(t, { organizationId: null });
    const superuser = await createSuperuser(t);
    const totalOf = async (admin: TestUser) =>
      (await json<{ total_reports: number }>(admin, '/api/admin/analytics/')).total_reports;
    const platformTotal = await totalOf(platform);
    // Kept answers, made before the filing: the filing must move what they depend on.
    const listedBefore = await json<AdminReport[]>(platform, '/api/admin/reports/');
    await applyOwnerQueue(t.app.ctx); // what earlier tests queued

    const report = await createReport(t, sole, {
      title: `Nobody else here ${anonymous}`,
      is_anonymous: String(anonymous),
    });
    expect(report.destination).toBe('organization');

    // The platform's administrators are told, list it, count it, and handle it.
    const notices = await json<Notification[]>(platform, '/api/notifications/');
    expect(notices.filter((notice) => notice.report === report.id).map((n) => n.message)).toEqual([
      'A new report was submitted.',
    ]);
    const listed = await json<AdminReport[]>(platform, '/api/admin/reports/');
    expect(listed.map((row) => row.id)).toContain(report.id);
    const searched = await json<AdminReport[]>(
      platform,
      `/api/admin/reports/?q=${encodeURIComponent(report.title)}`,
    );
    expect(searched.map((row) => row.id)).toEqual([report.id]);
    expect((await call(platform, 'GET', '/api/admin/reports/export.csv')).body).toContain(
      report.token,
    );
    expect(await totalOf(platform)).toBe(platformTotal + 1);
    expect(listed).toHaveLength(listedBefore.length + 1);
    // The owner queue moves an anonymous report into its filer's index: the kept answers, which
    // it moves no version of, still hold it.
    const queued = await applyOwnerQueue(t.app.ctx);
    expect(queued.removed).toBe(anonymous ? 1 : 0);
    expect(
      (await json<AdminReport[]>(platform, '/api/admin/reports/')).map((row) => row.id),
    ).toEqual(listed.map((row) => row.id));
    expect(await totalOf(platform)).toBe(platformTotal + 1);
    const detail = await json<Report>(platform, `/api/reports/${report.id}/`);
    expect(detail.submitted_by_username).toBe(anonymous ? null : sole.username);

    // The sole administrator still lists it like any other, and is refused its actions alike.
    const own = await json<AdminReport[]>(sole, '/api/admin/reports/');
    expect(own.map((row) => row.id)).toEqual([report.id]);
    const refused = await call(sole, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
      status: 'under_review',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: NEUTRAL });

    const reviewed = await call(platform, 'PATCH', `/api/admin/reports/${report.id}/update/`, {
      status: 'under_review',
    });
    expect(reviewed.statusCode).toBe(200);
    const replied = await call(platform, 'POST', `/api/reports/${report.id}/comments/`, {
      message: 'We are looking into it.',
    });
    expect(replied.statusCode).toBe(201);

    // No card says a report waits because of who filed it: the old "waiting" list is gone.
    expect((await call(superuser, 'GET', '/api/admin/waiting/')).statusCode).toBe(404);

    // A second administrator joins: the organisation handles its report again.
    const second = await createAdmin(t, { organizationId });
    expect((await json<AdminReport[]>(second, '/api/admin/reports/')).map((r) => r.id)).toEqual([
      report.id,
    ]);
    expect((await call(platform, 'GET', `/api/reports/${report.id}/`)).statusCode).toBe(404);
    expect(
      (await json<AdminReport[]>(platform, '/api/admin/reports/')).map((row) => row.id),
    ).not.toContain(report.id);
    expect(await totalOf(platform)).toBe(platformTotal);
  });
});
