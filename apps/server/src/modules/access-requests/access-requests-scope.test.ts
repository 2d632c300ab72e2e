import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  application,
  applyOk,
  decide,
  organizationApplication,
} from '../../../test/access-requests';
import { getTestApp, type TestApp } from '../../../test/app';
import {
  createOrganization,
  createSuperuser,
  createUser,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { accessRequests, users } from '../../db/schema';

let t: TestApp;
let superuser: TestUser;
beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
});

const reviewList = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/accounts/admin-access-review/',
      headers: superuser.headers,
    })
  ).json() as { id: number; applicant_organization: string | null }[];

async function accountOf(user: TestUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row;
}

describe('an individual request from a member of an organisation', () => {
  it('is refused with a reason: approving it would make them that organisation\u2019s admin', async () => {
    const name = uniqueName('Academy');
    const organizationId = await createOrganization(t, name);
    const member = await createUser(t, { organizationId });
    const created = await applyOk(t, application(), member.headers);

    const response = await decide(t, superuser.headers, created.id, 'approve');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      `${member.username} is a member of ${name}. An individual approval cannot be given to a ` +
        'member of an organisation: it would make them its administrator. They can leave the ' +
        'organisation and be approved then, or the organisation can apply.',
    );
    expect(await accountOf(member)).toMatchObject({ role: 'user', organizationId });
    const [request] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    expect(request?.status).toBe('pending');
    // Nothing of the organisation's administration opened up.
    const joinCode = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/join-code/',
      headers: member.headers,
    });
    expect(joinCode.statusCode).toBe(403);
  });

  it('is approved as a platform administrator once the member left the organisation', async () => {
    const organizationId = await createOrganization(t);
    const member = await createUser(t, { organizationId });
    const created = await applyOk(t, application(), member.headers);
    const left = await t.app.inject({
      method: 'POST',
      url: '/api/organizations/leave/',
      headers: member.headers,
    });
    expect(left.statusCode).toBe(204);
    expect((await decide(t, superuser.headers, created.id, 'approve')).statusCode).toBe(200);
    expect(await accountOf(member)).toMatchObject({ role: 'admin', organizationId: null });
  });

  it('shows the applicant\u2019s organisation on the review list', async () => {
    const name = uniqueName('College');
    const member = await createUser(t, { organizationId: await createOrganization(t, name) });
    const loner = await createUser(t);
    const fromMember = await applyOk(t, application(), member.headers);
    const fromLoner = await applyOk(t, application(), loner.headers);
    const withoutAccount = await applyOk(t, application());
    const list = await reviewList();
    const organizationOf = (id: number) =>
      list.find((entry) => entry.id === id)?.applicant_organization;
    expect(organizationOf(fromMember.id)).toBe(name);
    expect(organizationOf(fromLoner.id)).toBeNull();
    expect(organizationOf(withoutAccount.id)).toBeNull();
  });
});

describe('an organisation request', () => {
  it('makes the applicant the administrator of the new organisation only', async () => {
    const otherName = uniqueName('Other');
    const member = await createUser(t, { organizationId: await createOrganization(t, otherName) });
    const body = organizationApplication();
    const created = await applyOk(t, body, member.headers);
    expect((await decide(t, superuser.headers, created.id, 'approve')).statusCode).toBe(200);
    const account = await accountOf(member);
    expect(account?.role).toBe('admin');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/organizations/mine/',
      headers: member.headers,
    });
    expect(mine.json()).toMatchObject({ name: body.organization_name, is_admin: true });
  });
});
