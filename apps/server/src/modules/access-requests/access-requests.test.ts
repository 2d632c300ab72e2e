import { REJECTION_REASON_REQUIRED } from '@candor/contract/access-requests';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  application,
  apply,
  applyOk,
  auditRowsFor,
  decide,
  notificationsOf,
  organizationApplication,
} from '../../../test/access-requests';
import { getTestApp, statusesUnderLimit, type TestApp } from '../../../test/app';
import {
  createAdmin,
  createSuperuser,
  createUser,
  decodeJwt,
  type TestUser,
  uniqueName,
} from '../../../test/factories';
import { accessRequests, organizations, users } from '../../db/schema';

let t: TestApp;
let superuser: TestUser;
beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
});

const reviewList = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/accounts/admin-access-review/${query}`, headers });

async function refreshedClaims(user: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/token/refresh/',
    payload: { refresh: user.tokens.refresh },
  });
  expect(response.statusCode).toBe(200);
  return decodeJwt(response.json().access);
}

describe('POST /api/accounts/admin-access-request/', () => {
  it('links the request to the signed-in applicant and gives no claim code', async () => {
    const user = await createUser(t);
    const response = await apply(t, application(), user.headers);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      request_type: 'individual',
      status: 'pending',
      submitted_at: expect.any(String),
      claim_code: null,
    });
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, response.json().id));
    expect(row?.userId).toBe(user.id);
  });

  it('gives a visitor a claim code and stores only its keyed hash', async () => {
    const created = await applyOk(t, application());
    expect(created.claim_code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    expect(row?.userId).toBeNull();
    expect(row?.claimCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain((created.claim_code as string).replaceAll('-', ''));
  });

  it.each(['Bearer null', 'Bearer undefined', 'Bearer ', 'Bearer'])(
    'takes %j from a signed-out client as no token',
    async (authorization) => {
      const response = await apply(t, application(), { authorization });
      expect(response.statusCode).toBe(201);
      expect(response.json().claim_code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    },
  );

  it('still refuses a token that is given but not valid', async () => {
    const response = await apply(t, application(), { authorization: 'Bearer not.a.jwt' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Given token not valid for any token type' });
  });

  it('refuses a second pending request from the same account', async () => {
    const user = await createUser(t);
    await applyOk(t, application(), user.headers);
    const response = await apply(t, organizationApplication(), user.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'You already have a pending request for admin access.',
    });
  });

  it('refuses a second pending request with the same email in any letter case', async () => {
    const email = `${uniqueName('twice')}@example.test`;
    await applyOk(t, application({ email }));
    const response = await apply(t, application({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'A request for admin access with this email is already pending.',
    });
  });

  it('accepts a new request once the previous one was decided', async () => {
    const user = await createUser(t);
    const first = await applyOk(t, application(), user.headers);
    expect((await decide(t, superuser.headers, first.id, 'reject')).statusCode).toBe(200);
    expect((await apply(t, application(), user.headers)).statusCode).toBe(201);
  });

  it('refuses an individual request from an administrator', async () => {
    const admin = await createAdmin(t);
    const response = await apply(t, application(), admin.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'You are already an administrator.' });
  });

  it('is rate limited per client', async () => {
    const statuses = await statusesUnderLimit({ RATE_LIMIT_AUTH_PER_MINUTE: '2' }, 3, (limited) =>
      apply(limited, application()),
    );
    expect(statuses).toEqual([201, 201, 429]);
  });
});

describe('GET /api/accounts/admin-access-review/', () => {
  it('lists pending requests with the spec fields and the form fields', async () => {
    const user = await createUser(t);
    const body = organizationApplication();
    const created = await applyOk(t, body, user.headers);
    const response = await reviewList(superuser.headers);
    expect(response.statusCode).toBe(200);
    const item = response.json().find((entry: { id: number }) => entry.id === created.id);
    expect(item).toEqual({
      id: created.id,
      username: user.username,
      justification: body.justification,
      submitted_at: expect.any(String),
      request_type: 'organization',
      email: body.email,
      phone: body.phone,
      organization_type: 'education',
      organization_name: body.organization_name,
      applicant_organization: null,
    });
  });

  it('shows no username for an applicant without an account', async () => {
    const created = await applyOk(t, application());
    const list = (await reviewList(superuser.headers)).json();
    expect(list.find((entry: { id: number }) => entry.id === created.id).username).toBeNull();
  });

  it('answers a page when a limit is given', async () => {
    await applyOk(t, application());
    const response = await reviewList(superuser.headers, '?limit=1&offset=0');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: expect.any(Number), results: [expect.any(Object)] });
    expect(response.json().count).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/accounts/admin-access-review/{id}/', () => {
  it('approves: the applicant becomes admin, is notified, and a refreshed token says so', async () => {
    const user = await createUser(t);
    const created = await applyOk(t, application(), user.headers);
    const response = await decide(t, superuser.headers, created.id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: created.id,
      status: 'approved',
      detail: 'Request approved.',
    });
    expect((await refreshedClaims(user)).role).toBe('admin');
    expect(await notificationsOf(t, user.id)).toEqual([
      {
        message: 'Your request for admin access has been approved.',
        report: null,
        report_title: null,
        report_reference: null,
      },
    ]);
    const pending = (await reviewList(superuser.headers)).json();
    expect(pending.map((entry: { id: number }) => entry.id)).not.toContain(created.id);
  });

  it('approves an organisation: creates it and makes the applicant its admin', async () => {
    const user = await createUser(t);
    const body = organizationApplication({ organization_type: 'nonprofit' });
    const created = await applyOk(t, body, user.headers);
    expect((await decide(t, superuser.headers, created.id, 'approve')).statusCode).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.role).toBe('admin');
    const [organization] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, account?.organizationId as number));
    expect(organization).toMatchObject({
      name: body.organization_name,
      type: 'nonprofit',
      justification: body.justification,
    });
    expect(organization?.joinCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await notificationsOf(t, user.id))[0]?.message).toBe(
      `Your request for admin access for ${body.organization_name} has been approved.`,
    );
  });

  it('writes the decision, the organisation and the role change to the audit log', async () => {
    const user = await createUser(t);
    const created = await applyOk(t, organizationApplication(), user.headers);
    await decide(t, superuser.headers, created.id, 'approve');
    const [request] = await auditRowsFor(t, 'access_request', created.id);
    expect(request).toMatchObject({
      actorUserId: superuser.id,
      actorRole: 'superuser',
      action: 'access_request.approved',
    });
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    const [organization] = await auditRowsFor(t, 'organization', row?.organizationId as number);
    expect(organization).toMatchObject({ action: 'organization.created', actorRole: 'superuser' });
    const [roleChange] = await auditRowsFor(t, 'user', user.id);
    expect(roleChange).toMatchObject({
      action: 'user.role_changed',
      actorUserId: superuser.id,
      details: { from: 'user', to: 'admin', access_request_id: created.id },
    });
  });

  it('rejects: the role stays user, the applicant is notified and the decision audited', async () => {
    const user = await createUser(t);
    const created = await applyOk(t, application(), user.headers);
    const response = await decide(t, superuser.headers, created.id, 'reject');
    expect(response.json()).toEqual({
      id: created.id,
      status: 'rejected',
      detail: 'Request rejected.',
    });
    expect((await refreshedClaims(user)).role).toBe('user');
    expect((await notificationsOf(t, user.id)).map((n) => n.message)).toEqual([
      'Your request for admin access has been rejected. Reason: Not enough to go on.',
    ]);
    const audited = await auditRowsFor(t, 'access_request', created.id);
    expect(audited.map((r) => r.action)).toEqual(['access_request.rejected']);
    expect(audited[0]?.details).toMatchObject({ reason: 'Not enough to go on.' });
    expect(await auditRowsFor(t, 'user', user.id)).toEqual([]);
  });

  it('rejects only with a reason, which reaches the applicant as written; an approval has none', async () => {
    const user = await createUser(t);
    const created = await applyOk(t, application(), user.headers);
    for (const reason of [undefined, '', '   ']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/accounts/admin-access-review/${created.id}/`,
        payload: { action: 'reject', reason },
        headers: superuser.headers,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ reason: [REJECTION_REASON_REQUIRED] });
    }
    const tooLong = await decide(t, superuser.headers, created.id, 'reject', 'x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['reason']);
    const approveWithReason = await decide(t, superuser.headers, created.id, 'approve', 'Fine.');
    expect(approveWithReason.statusCode).toBe(400);
    expect(approveWithReason.json()).toEqual({ reason: ['Only a rejection has a reason.'] });
    // Nothing was decided by the refusals.
    expect(await notificationsOf(t, user.id)).toEqual([]);

    const reason = '  Please apply from your work address, so we can check the school.  ';
    expect((await decide(t, superuser.headers, created.id, 'reject', reason)).statusCode).toBe(200);
    expect((await notificationsOf(t, user.id)).map((n) => n.message)).toEqual([
      'Your request for admin access has been rejected. Reason: Please apply from your work address, so we can check the school.',
    ]);
  });

  it.each([
    ['approve', 'reject'],
    ['reject', 'approve'],
    ['approve', 'approve'],
  ])('refuses to %s and then %s the same request', async (first, second) => {
    const created = await applyOk(t, application());
    expect((await decide(t, superuser.headers, created.id, first)).statusCode).toBe(200);
    const response = await decide(t, superuser.headers, created.id, second);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'This request has already been decided.' });
  });

  it('answers 404 for an unknown request and 400 for an unknown action', async () => {
    expect((await decide(t, superuser.headers, 2_000_000_000, 'approve')).statusCode).toBe(404);
    expect((await decide(t, superuser.headers, 99_999_999_999, 'approve')).statusCode).toBe(404);
    const created = await applyOk(t, application());
    const response = await decide(t, superuser.headers, created.id, 'promote');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ action: ['Choose approve or reject.'] });
  });
});

describe('review routes refuse everyone but the superuser', () => {
  it.each([
    ['a visitor', async () => ({}), 401],
    ['a user', async () => (await createUser(t)).headers, 403],
    ['an admin', async () => (await createAdmin(t)).headers, 403],
  ])('%s', async (_label, headersOf, status) => {
    const headers = await headersOf();
    const created = await applyOk(t, application());
    expect((await reviewList(headers)).statusCode).toBe(status);
    expect((await decide(t, headers, created.id, 'approve')).statusCode).toBe(status);
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    expect(row?.status).toBe('pending');
  });
});
