import { getTestApp } from './app';
import { createAdmin, createOrganization, createUser, type TestUser } from './factories';

// The admin routes' tests share these: requests sent as a user through the app the tests share,
// and an organisation of their own for each test, so counts are not shared with other tests.

export async function getAs(url: string, user: TestUser) {
  const t = await getTestApp();
  return t.app.inject({ method: 'GET', url, headers: user.headers });
}

export async function postAs(url: string, user: TestUser, payload: object) {
  const t = await getTestApp();
  return t.app.inject({ method: 'POST', url, headers: user.headers, payload });
}

/** `PATCH /api/admin/reports/{id}/update/`: a status change, with a message or not. */
export async function updateReportAs(id: number, user: TestUser, payload: object) {
  const t = await getTestApp();
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/reports/${id}/update/`,
    headers: user.headers,
    payload,
  });
}

/** A new organisation with its administrator, and ways to add administrators and members. */
export async function adminScope() {
  const t = await getTestApp();
  const organizationId = await createOrganization(t);
  return {
    organizationId,
    admin: await createAdmin(t, { organizationId }),
    addAdmin: () => createAdmin(t, { organizationId }),
    member: () => createUser(t, { organizationId }),
  };
}
