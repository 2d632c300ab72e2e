import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, decide, organizationApplication } from '../../../test/access-requests';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createSuperuser,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { enrol, signInWithCode } from '../../../test/two-factor';
import { auditLog, users } from '../../db/schema';

/**
 * Scope changes are decided on the account's stored role, never on the role a request acts with
 * (docs/operating.md "Second factor"): an administrator whose second factor is withheld acts as a plain
 * user, and must not use that to leave their organisation and come back as a platform
 * administrator, to join another, or to apply for another.
 */
let t: TestApp;
let strict: TestApp;
let superuser: TestUser;
beforeAll(async () => {
  t = await getTestApp();
  strict = await buildTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });
  superuser = await createSuperuser(t);
});
afterAll(async () => {
  await strict?.app.close();
});

const post = (app: TestApp, url: string, headers: Record<string, string>, payload?: object) =>
  app.app.inject({ method: 'POST', url, headers, payload });

async function storedAccount(user: TestUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return { role: row?.role, organizationId: row?.organizationId ?? null };
}

async function scopeAudits(organizationId: number) {
  return t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(eq(auditLog.objectType, 'organization'), eq(auditLog.objectId, String(organizationId))),
    );
}

/**
 * An organisation's administrator acting as a plain user: REQUIRE_STAFF_2FA is on and they have
 * not enrolled yet, so their login withholds the role (modules/auth/standing.ts).
 */
async function withheldAdmin() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(strict, { organizationId });
  const profile = await strict.app.inject({
    method: 'GET',
    url: '/api/accounts/profile/',
    headers: admin.headers,
  });
  expect(profile.json().role).toBe('user');
  return { organizationId, admin };
}

describe('an administrator acting as a plain user (second factor withheld)', () => {
  it('cannot leave the organisation', async () => {
    const { organizationId, admin } = await withheldAdmin();
    const left = await post(strict, '/api/organizations/leave/', admin.headers);
    expect(left.statusCode).toBe(400);
    expect(left.json().detail).toMatch(/administrator of an organisation cannot leave it/);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
    expect(await scopeAudits(organizationId)).not.toContainEqual({
      action: 'organization.member_left',
    });
  });

  it('does not become a platform administrator by enrolling and signing in again', async () => {
    const { admin } = await withheldAdmin();
    await post(strict, '/api/organizations/leave/', admin.headers);
    const { secret } = await enrol(strict, admin);
    const platformReport = await createReport(t, await createUser(t));
    // A full sign-in with the second factor is still the organisation's administrator: the
    // platform's reports stay out of reach.
    const headers = await signInWithCode(strict, admin, secret);
    const seen = await strict.app.inject({
      method: 'GET',
      url: `/api/reports/${platformReport.id}/`,
      headers,
    });
    expect(seen.statusCode).toBe(404);
  });

  it('cannot join another organisation with its code', async () => {
    const { organizationId, admin } = await withheldAdmin();
    const otherOrganization = await createOrganization(t);
    const otherAdmin = await createAdmin(t, { organizationId: otherOrganization });
    const code = (await post(t, '/api/organizations/join-code/', otherAdmin.headers)).json().code;
    const joined = await post(strict, '/api/organizations/join/', admin.headers, { code });
    expect(joined.statusCode).toBe(400);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
  });

  it('cannot apply to administer another organisation, nor for platform access', async () => {
    const { admin } = await withheldAdmin();
    const asOrganization = await apply(strict, organizationApplication(), admin.headers);
    expect(asOrganization.statusCode).toBe(400);
    expect(asOrganization.json().detail).toBe('You already administer an organisation.');
    const asIndividual = await apply(
      strict,
      { ...organizationApplication(), request_type: 'individual' },
      admin.headers,
    );
    expect(asIndividual.statusCode).toBe(400);
  });

  it('cannot delete the superuser account', async () => {
    const root = await createSuperuser(strict);
    const deleted = await post(strict, '/api/accounts/delete/', root.headers, {
      password: root.password,
    });
    expect(deleted.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, root.id));
    expect(row?.isSuperuser).toBe(true);
  });

  it('has no such login left after enrolling: the token from before is refused outright', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const before = admin.headers;
    await enrol(t, admin);
    const left = await post(t, '/api/organizations/leave/', before);
    expect(left.statusCode).toBe(401);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
  });
});

describe('an approval never moves an organisation administrator', () => {
  it('refuses an organisation request of someone who became an administrator meanwhile', async () => {
    const member = await createUser(t);
    const applied = await apply(t, organizationApplication(), member.headers);
    expect(applied.statusCode).toBe(201);
    // Meanwhile they became another organisation's administrator.
    const organizationId = await createOrganization(t);
    await t.database.db
      .update(users)
      .set({ role: 'admin', organizationId })
      .where(eq(users.id, member.id));
    const decided = await decide(t, superuser.headers, applied.json().id, 'approve');
    expect(decided.statusCode).toBe(400);
    expect(await storedAccount(member)).toEqual({ role: 'admin', organizationId });
  });
});

describe('every change of a member scope is audited', () => {
  it('records joining and leaving, and the organisation keeps its administrator', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const member = await createUser(t);
    const code = (await post(t, '/api/organizations/join-code/', admin.headers)).json().code;
    expect((await post(t, '/api/organizations/join/', member.headers, { code })).statusCode).toBe(
      200,
    );
    expect((await post(t, '/api/organizations/leave/', member.headers)).statusCode).toBe(204);
    const actions = (await scopeAudits(organizationId)).map((row) => row.action);
    expect(actions).toContain('organization.member_joined');
    expect(actions).toContain('organization.member_left');
    // The administrator, with a full login, still cannot leave.
    expect((await post(t, '/api/organizations/leave/', admin.headers)).statusCode).toBe(400);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
  });
});
