import type { OrganizationStaff, StaffMember, StaffPage } from '@candor/contract/staff';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { useListeningApp, useSuperuser } from '../../../test/hooks';
import { connectLive, waitForClose } from '../../../test/live';
import { addressedTo } from '../../../test/notices';
import { createReport } from '../../../test/reports';
import { auditLog, notifications, users } from '../../db/schema';
import type { NotificationContent } from '../notifications/notifications.repository';
import { NOTIFICATION_PURPOSE } from '../notifications/notifications.service';
import { OWN_ACCOUNT_REFUSAL } from './staff.service';

const t = useListeningApp();
const superuser = useSuperuser(t);

const { call } = callsAs(t);

const today = new Date().toISOString().slice(0, 10);

async function staffPage(query: string): Promise<StaffPage> {
  const response = await call(superuser, 'GET', `/api/staff/?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** An open socket of `user` on this app. */
async function liveSocket(user: TestUser) {
  const client = connectLive(`${t.base}/ws/notifications/${user.id}/?token=${user.tokens.access}`);
  await client.opened;
  return client;
}

const refresh = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/token/refresh/',
    payload: { refresh: user.tokens.refresh },
  });

const loginAs = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username: user.username, password: user.password },
  });

async function auditRows(objectType: string, objectId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
    .orderBy(asc(auditLog.id));
}

async function noticesOf(userId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ payload: notifications.payload })
    .from(notifications)
    .where(await addressedTo(t, userId));
  return rows.map(
    (row) =>
      t.app.ctx.sealer.openJson<NotificationContent>(row.payload, NOTIFICATION_PURPOSE).message,
  );
}

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('GET /api/staff/', () => {
  it('lists administrators with their scope, organisation and day, filtered and paged', async () => {
    const name = uniqueName('Staffed');
    const organizationId = await createOrganization(t, name);
    const [first, second] = [
      await createAdmin(t, { organizationId }),
      await createAdmin(t, { organizationId }),
    ];
    await createUser(t, { organizationId });

    const page = await staffPage(`q=${encodeURIComponent(name)}`);
    expect(page.count).toBe(2);
    expect(page.results).toEqual(
      [first, second].map(
        (admin) =>
          ({
            id: admin.id,
            username: admin.username,
            scope: 'organization',
            organization_id: organizationId,
            organization_name: name,
            admin_since: today,
            is_active: true,
            is_superuser: false,
            second_factor: { is_enabled: false, since: null },
          }) satisfies StaffMember,
      ),
    );
    const paged = await staffPage(`q=${encodeURIComponent(name)}&limit=1&offset=1`);
    expect(paged).toEqual({ count: 2, results: [page.results[1]] });

    const platform = await staffPage(`scope=platform&q=${encodeURIComponent(superuser.username)}`);
    expect(platform.results.map((member) => member.id)).toEqual([superuser.id]);
    expect(platform.results[0]?.is_superuser).toBe(true);
    expect((await staffPage(`scope=platform&q=${encodeURIComponent(name)}`)).count).toBe(0);
  });

  it('is for the superuser only, and a bad filter is a 400', async () => {
    const admin = await createAdmin(t);
    expect((await call(admin, 'GET', '/api/staff/')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/' })).statusCode).toBe(401);
    const bad = await call(superuser, 'GET', '/api/staff/?scope=everyone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('scope');
  });
});

describe('revoking administrator access', () => {
  it('takes effect at once: socket closed, refresh refused, role read per request; audited and told', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const socket = await liveSocket(admin);
    expect((await call(admin, 'GET', '/api/admin/reports/')).statusCode).toBe(200);

    const response = await call(superuser, 'POST', `/api/staff/${admin.id}/revoke/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.id, scope: null, admin_since: null });

    expect(await waitForClose(socket)).toEqual({ code: 4001, reason: 'Account changed' });
    expect((await refresh(admin)).statusCode).toBe(401);
    // Every login ended: the token that still says admin is refused outright, at once.
    expect((await call(admin, 'GET', '/api/admin/reports/')).statusCode).toBe(401);
    expect(await userRow(admin.id)).toMatchObject({
      role: 'user',
      adminSince: null,
      organizationId,
    });

    const [audit] = await auditRows('user', admin.id);
    expect(audit).toMatchObject({
      actorUserId: superuser.id,
      actorRole: 'superuser',
      action: 'user.role_changed',
      details: { from: 'admin', to: 'user', organization_id: organizationId },
    });
    expect(await noticesOf(admin.id)).toEqual([
      'Your administrator access was revoked by the superuser.',
    ]);
    // Not an administrator any more: a second revoke is refused.
    expect((await call(superuser, 'POST', `/api/staff/${admin.id}/revoke/`)).statusCode).toBe(400);
  });

  it('leaves an organisation without administrator on the dashboard, with its open reports', async () => {
    const name = uniqueName('Orphaned');
    const organizationId = await createOrganization(t, name);
    const admin = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    await createReport(t, member, { is_anonymous: 'false' });

    const before = await call(superuser, 'GET', '/api/staff/organizations-without-admin/');
    expect(before.json().map((org: { id: number }) => org.id)).not.toContain(organizationId);
    await call(superuser, 'POST', `/api/staff/${admin.id}/revoke/`);
    const after = await call(superuser, 'GET', '/api/staff/organizations-without-admin/');
    expect(after.json()).toContainEqual({ id: organizationId, name, open_reports: 1 });
  });

  it('sends an unadministered organisation’s reports to the platform administrators until it has one', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const platformAdmin = await createAdmin(t);
    const before = await createReport(t, member, { title: `Before ${uniqueName('r')}` });
    expect((await call(platformAdmin, 'GET', `/api/reports/${before.id}/`)).statusCode).toBe(404);

    await call(superuser, 'POST', `/api/staff/${admin.id}/deactivate/`);
    const seen = await call(platformAdmin, 'GET', `/api/reports/${before.id}/`);
    expect(seen.statusCode).toBe(200);
    const listed = await call(platformAdmin, 'GET', `/api/admin/reports/?q=${before.token}`);
    expect(listed.json().map((report: { id: number }) => report.id)).toEqual([before.id]);
    const acknowledged = await call(
      platformAdmin,
      'POST',
      `/api/admin/reports/${before.id}/acknowledge/`,
      {},
    );
    expect(acknowledged.statusCode).toBeLessThan(300);
    // A new report reaches the platform administrators' bells.
    const title = `After ${uniqueName('r')}`;
    await createReport(t, member, { title });
    const rows = await t.database.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(await addressedTo(t, platformAdmin.id));
    const titles = rows.map(
      (row) =>
        t.app.ctx.sealer.openJson<NotificationContent>(row.payload, NOTIFICATION_PURPOSE)
          .report_title,
    );
    expect(titles).toContain(title);

    // Once the organisation has an administrator again, its reports are theirs alone. (Not the
    // new administrator's own: those are still the platform's, anonymity/colleague.test.ts.)
    const colleague = await createUser(t, { organizationId });
    await call(superuser, 'POST', `/api/staff/organizations/${organizationId}/admins/`, {
      user_id: colleague.id,
    });
    expect((await call(platformAdmin, 'GET', `/api/reports/${before.id}/`)).statusCode).toBe(404);
  });
});

describe('deactivating and reactivating an account', () => {
  it('a deactivated account cannot log in, refresh or use its token; reactivated, it can log in', async () => {
    const admin = await createAdmin(t);
    const socket = await liveSocket(admin);

    const response = await call(superuser, 'POST', `/api/staff/${admin.id}/deactivate/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.id, is_active: false, scope: 'platform' });
    expect((await waitForClose(socket)).code).toBe(4001);
    expect((await refresh(admin)).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/accounts/profile/')).statusCode).toBe(401);
    expect((await loginAs(admin)).statusCode).toBe(401);
    const listed = await staffPage(`status=deactivated&q=${encodeURIComponent(admin.username)}`);
    expect(listed.results.map((member) => member.id)).toEqual([admin.id]);

    const back = await call(superuser, 'POST', `/api/staff/${admin.id}/reactivate/`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ is_active: true });
    expect((await loginAs(admin)).statusCode).toBe(200);
    // The logins from before the deactivation stay ended.
    expect((await refresh(admin)).statusCode).toBe(401);

    expect((await auditRows('user', admin.id)).map((row) => row.action)).toEqual([
      'user.deactivated',
      'user.reactivated',
    ]);
    expect(await noticesOf(admin.id)).toEqual(
      expect.arrayContaining([
        'Your account was deactivated by the superuser.',
        'Your account was reactivated by the superuser.',
      ]),
    );
  });

  it('refuses the superuser’s own account, unknown accounts and bad ids', async () => {
    for (const change of ['revoke', 'deactivate']) {
      const own = await call(superuser, 'POST', `/api/staff/${superuser.id}/${change}/`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ detail: OWN_ACCOUNT_REFUSAL });
    }
    expect(await userRow(superuser.id)).toMatchObject({ role: 'admin', isActive: true });
    expect((await call(superuser, 'POST', '/api/staff/2147483647/deactivate/')).statusCode).toBe(
      404,
    );
    expect((await call(superuser, 'POST', '/api/staff/abc/deactivate/')).statusCode).toBe(404);
    const admin = await createAdmin(t);
    expect((await call(admin, 'POST', `/api/staff/${admin.id}/reactivate/`)).statusCode).toBe(403);
    expect((await call(superuser, 'POST', `/api/staff/${admin.id}/reactivate/`)).statusCode).toBe(
      400,
    );
  });
});

describe('handing an organisation over', () => {
  it('makes a member its administrator and the former one a member; both are told', async () => {
    const organizationId = await createOrganization(t);
    const former = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const formerSocket = await liveSocket(former);

    const response = await call(
      superuser,
      'POST',
      `/api/staff/organizations/${organizationId}/admins/`,
      {
        user_id: member.id,
        replace: true,
      },
    );
    expect(response.statusCode).toBe(200);
    const staff: OrganizationStaff = response.json();
    expect(staff.members).toEqual(
      expect.arrayContaining([
        { id: member.id, username: member.username, is_admin: true, is_active: true },
        { id: former.id, username: former.username, is_admin: false, is_active: true },
      ]),
    );
    expect((await waitForClose(formerSocket)).code).toBe(4001);
    expect((await refresh(former)).statusCode).toBe(401);
    expect((await call(former, 'GET', '/api/admin/reports/')).statusCode).toBe(401);
    // The new administrator's token is refreshed into one that says so.
    expect((await call(member, 'GET', '/api/admin/reports/')).statusCode).toBe(200);
    expect((await userRow(member.id))?.adminSince).toBe(today);

    const [handOver] = await auditRows('organization', organizationId);
    expect(handOver).toMatchObject({
      action: 'organization.admin_handed_over',
      details: { admin_user_id: member.id, replaced_user_ids: [former.id] },
    });
    expect((await auditRows('user', member.id))[0]?.details).toEqual({
      from: 'user',
      to: 'admin',
      organization_id: organizationId,
    });
    expect((await noticesOf(member.id))[0]).toMatch(/^You are now an administrator of /);
    expect((await noticesOf(former.id))[0]).toMatch(/handed over to another member/);
  });

  it('adds a second administrator beside the first', async () => {
    const organizationId = await createOrganization(t);
    const first = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const response = await call(
      superuser,
      'POST',
      `/api/staff/organizations/${organizationId}/admins/`,
      {
        user_id: member.id,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(
      (response.json() as OrganizationStaff).members
        .filter((m) => m.is_admin)
        .map((m) => m.id)
        .sort(),
    ).toEqual([first.id, member.id].sort());
    expect((await refresh(first)).statusCode).toBe(200);
  });

  it('refuses someone outside the organisation, an administrator already, and bad input', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const outsider = await createUser(t);
    const url = `/api/staff/organizations/${organizationId}/admins/`;
    const outside = await call(superuser, 'POST', url, { user_id: outsider.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ detail: 'Choose a member of this organisation.' });
    expect((await call(superuser, 'POST', url, { user_id: admin.id })).statusCode).toBe(400);
    const bad = await call(superuser, 'POST', url, { user_id: 'x', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('user_id');
    expect(
      (
        await call(superuser, 'POST', '/api/staff/organizations/2147483647/admins/', {
          user_id: admin.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin, 'POST', url, { user_id: admin.id })).statusCode).toBe(403);
  });
});
