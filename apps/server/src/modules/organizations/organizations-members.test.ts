import type { OrganizationMember } from '@candor/contract/organizations';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor, notificationsOf } from '../../../test/access-requests';
import { getTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createSuperuser,
  createUser,
  setUserFields,
  type TestUser,
} from '../../../test/factories';
import { users } from '../../db/schema';
import {
  CANNOT_REMOVE_ADMIN,
  CANNOT_REMOVE_SELF,
  MEMBERS_ADMIN_ONLY,
} from './organizations.service';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const list = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/organizations/members/', headers: user.headers });
const remove = (user: TestUser, id: number | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/organizations/members/${id}/remove/`,
    headers: user.headers,
  });

async function stored(user: TestUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row;
}

/** An organisation with its administrator, who gives members a join code. */
async function organization() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(t, { organizationId });
  const code = (
    await t.app.inject({
      method: 'POST',
      url: '/api/organizations/join-code/',
      headers: admin.headers,
    })
  ).json().code as string;
  const join = async () => {
    const member = await createUser(t);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/join/',
      headers: member.headers,
      payload: { code },
    });
    expect(joined.statusCode).toBe(200);
    return member;
  };
  return { organizationId, admin, join };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('the members of an organisation', () => {
  it('are listed to its administrator: username, since when, active', async () => {
    const { admin, join } = await organization();
    const ada = await join();
    const bo = await join();
    await setUserFields(t, bo.id, { isActive: false });
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const members = response.json() as OrganizationMember[];
    expect(members).toEqual([
      {
        id: admin.id,
        username: admin.username,
        member_since: today(),
        is_active: true,
        is_admin: true,
      },
      ...[
        { id: ada.id, username: ada.username, member_since: today(), is_active: true },
        { id: bo.id, username: bo.username, member_since: today(), is_active: false },
      ]
        .sort((a, b) => a.username.localeCompare(b.username))
        .map((member) => ({ ...member, is_admin: false })),
    ]);
    // Leaving clears the day; joining again sets it.
    await t.app.inject({ method: 'POST', url: '/api/organizations/leave/', headers: ada.headers });
    expect((await stored(ada))?.memberSince).toBeNull();
  });

  it('are refused to anyone but an administrator of the organisation, by the stored role', async () => {
    const { admin, join } = await organization();
    const member = await join();
    const platformAdmin = await createAdmin(t);
    const superuser = await createSuperuser(t);
    for (const user of [member, platformAdmin, superuser]) {
      const listed = await list(user);
      expect(listed.statusCode).toBe(403);
      expect(listed.json()).toEqual({ detail: MEMBERS_ADMIN_ONLY });
      expect((await remove(user, member.id)).statusCode).toBe(403);
    }
    // Revoked by the superuser: the token still says admin, the stored account does not.
    await setUserFields(t, admin.id, { role: 'user' });
    expect((await list(admin)).statusCode).toBe(403);
    expect((await remove(admin, member.id)).statusCode).toBe(403);
    expect((await stored(member))?.organizationId).not.toBeNull();
  });

  it('can be removed by the administrator: audited, told, and no longer a member', async () => {
    const { organizationId, admin, join } = await organization();
    const member = await join();
    const removed = await remove(admin, member.id);
    expect(removed.statusCode).toBe(204);
    expect((await stored(member))?.organizationId).toBeNull();
    expect((await stored(member))?.memberSince).toBeNull();
    const members = (await list(admin)).json() as OrganizationMember[];
    expect(members.map((m) => m.id)).toEqual([admin.id]);
    const [audited] = (await auditRowsFor(t, 'organization', organizationId)).filter(
      (row) => row.action === 'organization.member_removed',
    );
    expect(audited).toMatchObject({
      actorUserId: admin.id,
      actorRole: 'admin',
      details: { user_id: member.id },
    });
    const notices = await notificationsOf(t, member.id);
    expect(notices.map((n) => n.message)).toEqual([
      expect.stringMatching(
        /^You were removed from .+ by its administrator\. Your reports stay with it\.$/,
      ),
    ]);
    // The member's own view: no organisation any more.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/mine/',
      headers: member.headers,
    });
    expect(mine.json()).toBeNull();
    // Removed already: not found.
    expect((await remove(admin, member.id)).statusCode).toBe(404);
  });

  it('never removes oneself, another administrator, or someone of another organisation', async () => {
    const { organizationId, admin, join } = await organization();
    const colleague = await createAdmin(t, { organizationId });
    const self = await remove(admin, admin.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: CANNOT_REMOVE_SELF });
    const other = await remove(admin, colleague.id);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ detail: CANNOT_REMOVE_ADMIN });
    expect((await stored(colleague))?.organizationId).toBe(organizationId);

    const elsewhere = await organization();
    const stranger = await elsewhere.join();
    expect((await remove(admin, stranger.id)).statusCode).toBe(404);
    expect((await stored(stranger))?.organizationId).toBe(elsewhere.organizationId);
    expect((await remove(admin, 2_000_000_000)).statusCode).toBe(404);
    // Not an id: no such member either, answered in JSON.
    const bad = await remove(admin, 'abc');
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['content-type']).toMatch(/json/);
    // And the members stay.
    const member = await join();
    expect((await remove(admin, member.id)).statusCode).toBe(204);
  });
});
