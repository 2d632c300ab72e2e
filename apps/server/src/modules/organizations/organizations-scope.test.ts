import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, decide, organizationApplication } from '../../../test/access-requests';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createSuperuser,
  createUser,
  login,
  type TestUser,
} from '../../../test/factories';
import { createReport } from '../../../test/reports';
import { enrol, signInWithCode } from '../../../test/two-factor';
import { auditLog, users } from '../../db/schema';

/**
 * Scope changes are decided on the account's stored role, never on the role a request acts with
 * (README "Second factor"): an administrator whose second factor is withheld acts as a plain
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

/** An organisation's administrator who enrolled a second factor, with the token from before. */
async function adminWithOldToken() {
  const organizationId = await createOrganization(t);
  const admin = await createAdmin(t, { organizationId });
  const oldHeaders = admin.headers;
  await enrol(t, admin);
  return { organizationId, admin, oldHeaders };
}

describe('an administrator acting as a plain user (second factor withheld)', () => {
  it('cannot leave the organisation with the token issued before enrolment', async () => {
    const { organizationId, admin, oldHeaders } = await adminWithOldToken();
    // The old token acts as a plain user: the profile says so.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: oldHeaders,
    });
    expect(profile.json().role).toBe('user');

    const left = await post(t, '/api/organizations/leave/', oldHeaders);
    expect(left.statusCode).toBe(400);
    expect(left.json().detail).toMatch(/administrator of an organisation cannot leave it/);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
    expect(await scopeAudits(organizationId)).not.toContainEqual({
      action: 'organization.member_left',
    });
  });

  it('does not become a platform administrator by signing in again', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const oldHeaders = admin.headers;
    const { secret } = await enrol(t, admin);
    await post(t, '/api/organizations/leave/', oldHeaders);
    const platformReport = await createReport(t, await createUser(t));
    // A full sign-in with the second factor is still the organisation's administrator: the
    // platform's reports stay out of reach.
    const headers = await signInWithCode(t, admin, secret);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${platformReport.id}/`,
      headers,
    });
    expect(seen.statusCode).toBe(404);
  });

  it('cannot leave under REQUIRE_STAFF_2FA without having enrolled', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const tokens = await login(strict, admin.username, admin.password);
    const headers = { authorization: `Bearer ${tokens.access}` };
    const profile = await strict.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers,
    });
    expect(profile.json().role).toBe('user');
    const left = await post(strict, '/api/organizations/leave/', headers);
    expect(left.statusCode).toBe(400);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
  });

  it('cannot join another organisation with its code', async () => {
    const { organizationId, oldHeaders, admin } = await adminWithOldToken();
    const otherOrganization = await createOrganization(t);
    const otherAdmin = await createAdmin(t, { organizationId: otherOrganization });
    const code = (await post(t, '/api/organizations/join-code/', otherAdmin.headers)).json().code;
    const joined = await post(t, '/api/organizations/join/', oldHeaders, { code });
    expect(joined.statusCode).toBe(400);
    expect(await storedAccount(admin)).toEqual({ role: 'admin', organizationId });
  });

  it('cannot apply to administer another organisation, nor for platform access', async () => {
    const { oldHeaders } = await adminWithOldToken();
    const asOrganization = await apply(t, organizationApplication(), oldHeaders);
    expect(asOrganization.statusCode).toBe(400);
    expect(asOrganization.json().detail).toBe('You already administer an organisation.');
    const asIndividual = await apply(
      t,
      { ...organizationApplication(), request_type: 'individual' },
      oldHeaders,
    );
    expect(asIndividual.statusCode).toBe(400);
  });

  it('cannot delete the superuser account with a withheld login', async () => {
    const root = await createSuperuser(t);
    const oldHeaders = root.headers;
    await enrol(t, root);
    const deleted = await post(t, '/api/accounts/delete/', oldHeaders, { password: root.password });
    expect(deleted.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, root.id));
    expect(row?.isSuperuser).toBe(true);
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
