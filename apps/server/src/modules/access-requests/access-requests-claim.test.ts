import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  application,
  applyOk,
  auditRowsFor,
  decide,
  organizationApplication,
} from '../../../test/access-requests';
import { getTestApp, type TestApp } from '../../../test/app';
import {
  createSuperuser,
  decodeJwt,
  login,
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

function register(claimCode: string, username = uniqueName('claimant')) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/register/',
    payload: { username, password: 'claimant-passphrase', claim_code: claimCode },
  });
}

async function roleAfterLogin(username: string) {
  return decodeJwt((await login(t, username, 'claimant-passphrase')).access).role;
}

async function userCount(username: string) {
  const [row] = await t.database.db
    .select({ value: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.username, username));
  return row?.value;
}

describe('registering with a claim code', () => {
  it('links the account to a pending request, and approval then makes it admin', async () => {
    const created = await applyOk(t, application());
    const username = uniqueName('claimant');
    const response = await register(created.claim_code as string, username);
    expect(response.statusCode).toBe(201);
    expect(await roleAfterLogin(username)).toBe('user');
    const [row] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    expect(row?.userId).toBe(response.json().id);
    expect(row?.claimedByUserId).toBe(response.json().id);
    await decide(t, superuser.headers, created.id, 'approve');
    expect(await roleAfterLogin(username)).toBe('admin');
  });

  it('makes the account admin of the organisation of an approved request', async () => {
    const created = await applyOk(t, organizationApplication());
    await decide(t, superuser.headers, created.id, 'approve');
    const username = uniqueName('claimant');
    // The code is accepted in lower case and without dashes as well.
    const code = (created.claim_code as string).toLowerCase().replaceAll('-', '');
    const response = await register(code, username);
    expect(response.statusCode).toBe(201);
    expect(await roleAfterLogin(username)).toBe('admin');
    const [request] = await t.database.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.id, created.id));
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, response.json().id));
    expect(account?.organizationId).toBe(request?.organizationId);
    expect(account?.organizationId).not.toBeNull();
    const [roleChange] = await auditRowsFor(t, 'user', response.json().id);
    expect(roleChange).toMatchObject({
      action: 'user.role_changed',
      actorUserId: null,
      actorRole: 'system',
      details: { from: 'user', to: 'admin', access_request_id: created.id },
    });
  });

  it.each([
    ['an unknown code', async () => 'AAAA-BBBB-CCCC-DDDD'],
    [
      'the code of a rejected request',
      async () => {
        const created = await applyOk(t, application());
        await decide(t, superuser.headers, created.id, 'reject');
        return created.claim_code as string;
      },
    ],
    [
      'a code already used',
      async () => {
        const created = await applyOk(t, application());
        expect((await register(created.claim_code as string)).statusCode).toBe(201);
        return created.claim_code as string;
      },
    ],
  ])('refuses %s and creates no account', async (_label, codeOf) => {
    const code = await codeOf();
    const username = uniqueName('refused');
    const response = await register(code, username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ claim_code: ['This invitation code is not valid.'] });
    expect(await userCount(username)).toBe(0);
  });
});
