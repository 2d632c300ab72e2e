import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyOk,
  auditRowsFor,
  decide,
  organizationApplication,
} from '../../../test/access-requests';
import { getTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createSuperuser, createUser, type TestUser } from '../../../test/factories';
import { users } from '../../db/schema';

let t: TestApp;
let superuser: TestUser;
beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
});

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  headers: Record<string, string>,
  body?: object,
) => t.app.inject({ method, url: `/api/organizations/${path}`, headers, payload: body });

/** An organisation approved for a new applicant, who is its administrator. */
async function approvedOrganization() {
  const admin = await createUser(t);
  const body = organizationApplication({ organization_type: 'government' });
  const created = await applyOk(t, body, admin.headers);
  await decide(t, superuser.headers, created.id, 'approve');
  return { admin, name: body.organization_name as string };
}

async function joinCode(admin: TestUser): Promise<string> {
  const response = await call('POST', 'join-code/', admin.headers);
  expect(response.statusCode).toBe(200);
  return response.json().code;
}

async function organizationIdOf(user: TestUser) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
  return row?.organizationId ?? null;
}

describe('GET /api/organizations/mine/', () => {
  it('answers null for someone in no organisation', async () => {
    const user = await createUser(t);
    const response = await call('GET', 'mine/', user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it("answers the approved applicant's organisation, as its administrator", async () => {
    const { admin, name } = await approvedOrganization();
    const response = await call('GET', 'mine/', admin.headers);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name,
      type: 'government',
      is_admin: true,
      slug: expect.stringMatching(/^[a-z0-9-]+$/),
      accepts_guest_reports: true,
      acknowledge_days: null,
      feedback_days: null,
      retention_days: null,
      platform_retention_days: 365,
      reader_names_shown: false,
      default_language: null,
    });
  });
});

describe("the intake page's language", () => {
  it('is set by the administrator, audited, and given to visitors of the intake link', async () => {
    const { admin } = await approvedOrganization();
    const set = await call('PATCH', 'mine/', admin.headers, { default_language: 'es' });
    expect(set.statusCode).toBe(200);
    expect(set.json().default_language).toBe('es');
    const { slug } = set.json();
    const intake = await t.app.inject({ method: 'GET', url: `/api/intake/${slug}/` });
    expect(intake.json().default_language).toBe('es');
    const audited = await auditRowsFor(t, 'organization', set.json().id);
    expect(audited.at(-1)).toMatchObject({
      action: 'organization.updated',
      details: { default_language: 'es' },
    });

    const cleared = await call('PATCH', 'mine/', admin.headers, { default_language: null });
    expect(cleared.json().default_language).toBeNull();
    const after = await t.app.inject({ method: 'GET', url: `/api/intake/${slug}/` });
    expect(after.json().default_language).toBeNull();
  });

  it('refuses a language Candor does not speak, and anyone but the administrator', async () => {
    const { admin } = await approvedOrganization();
    const unknown = await call('PATCH', 'mine/', admin.headers, { default_language: 'xx' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['default_language']);
    const member = await createUser(t);
    const code = await joinCode(admin);
    await call('POST', 'join/', member.headers, { code });
    const refused = await call('PATCH', 'mine/', member.headers, { default_language: 'fr' });
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', 'mine/', admin.headers)).json().default_language).toBeNull();
  });
});

describe('join codes', () => {
  it('lets a member join with the code, typed loosely', async () => {
    const { admin, name } = await approvedOrganization();
    const code = await joinCode(admin);
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const member = await createUser(t);
    const response = await call('POST', 'join/', member.headers, {
      code: ` ${code.toLowerCase().replaceAll('-', ' ')} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name, is_admin: false });
    expect(await organizationIdOf(member)).toBe(await organizationIdOf(admin));
  });

  it('stops accepting the old code once a new one is generated, and audits it', async () => {
    const { admin } = await approvedOrganization();
    const oldCode = await joinCode(admin);
    await joinCode(admin);
    const member = await createUser(t);
    const response = await call('POST', 'join/', member.headers, { code: oldCode });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'This join code is not valid.' });
    const organizationId = (await organizationIdOf(admin)) as number;
    expect((await auditRowsFor(t, 'organization', organizationId)).map((r) => r.action)).toEqual([
      'organization.created',
      'organization.join_code_generated',
      'organization.join_code_generated',
    ]);
  });

  it('refuses an unknown code and an empty one', async () => {
    const user = await createUser(t);
    const unknown = await call('POST', 'join/', user.headers, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' });
    expect(unknown.statusCode).toBe(400);
    const empty = await call('POST', 'join/', user.headers, { code: ' ' });
    expect(empty.json()).toEqual({ code: ['This field is required.'] });
  });

  it('refuses a member of another organisation and an administrator', async () => {
    const first = await approvedOrganization();
    const second = await approvedOrganization();
    const member = await createUser(t);
    await call('POST', 'join/', member.headers, { code: await joinCode(first.admin) });
    const code = await joinCode(second.admin);
    const switching = await call('POST', 'join/', member.headers, { code });
    expect(switching.json()).toEqual({
      detail: 'Leave your current organisation before joining another.',
    });
    const admin = await createAdmin(t);
    const byAdmin = await call('POST', 'join/', admin.headers, { code });
    expect(byAdmin.json()).toEqual({
      detail: 'Administrators cannot join an organisation with a code.',
    });
    expect(await organizationIdOf(admin)).toBeNull();
  });

  it('refuses to generate a code for anyone but the organisation administrator', async () => {
    const { admin } = await approvedOrganization();
    const member = await createUser(t);
    await call('POST', 'join/', member.headers, { code: await joinCode(admin) });
    expect((await call('POST', 'join-code/', member.headers)).statusCode).toBe(403);
    expect((await call('POST', 'join-code/', (await createAdmin(t)).headers)).statusCode).toBe(403);
  });
});

describe('POST /api/organizations/leave/', () => {
  it('lets a member leave', async () => {
    const { admin } = await approvedOrganization();
    const member = await createUser(t);
    await call('POST', 'join/', member.headers, { code: await joinCode(admin) });
    expect((await call('POST', 'leave/', member.headers)).statusCode).toBe(204);
    expect(await organizationIdOf(member)).toBeNull();
    expect((await call('GET', 'mine/', member.headers)).json()).toBeNull();
  });

  it('refuses someone in no organisation and the administrator', async () => {
    const user = await createUser(t);
    expect((await call('POST', 'leave/', user.headers)).json()).toEqual({
      detail: 'You are not a member of an organisation.',
    });
    const { admin } = await approvedOrganization();
    expect((await call('POST', 'leave/', admin.headers)).statusCode).toBe(400);
    expect(await organizationIdOf(admin)).not.toBeNull();
  });
});

describe('organisation routes need a signed-in user', () => {
  it.each([
    ['GET', 'mine/'],
    ['POST', 'join/'],
    ['POST', 'leave/'],
    ['POST', 'join-code/'],
  ] as const)('%s %s answers 401 to a visitor', async (method, path) => {
    expect(
      (await call(method, path, {}, method === 'POST' ? { code: 'x' } : undefined)).statusCode,
    ).toBe(401);
  });
});
