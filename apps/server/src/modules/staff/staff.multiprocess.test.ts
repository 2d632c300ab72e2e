import type { TokenPair } from '@candor/contract/accounts';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../test/app';
import {
  createAdmin,
  createOrganization,
  createUser,
  decodeJwt,
  type TestUser,
} from '../../../test/factories';
import { useServerProcesses, useSuperuser, useTestApp } from '../../../test/hooks';
import { connectLive, waitForClose } from '../../../test/live';
import type { ServerProcess } from '../../../test/server-process';

// Included only with TEST_DATABASE_URL (see vitest.config.ts): two real server processes on one
// PostgreSQL database. A change made through one closes the person's sockets on the other.
const databaseUrl = testDatabaseUrl as string;

const t = useTestApp();
const superuser = useSuperuser(t);
const [a, b] = useServerProcesses(t, databaseUrl);

const post = (server: ServerProcess, user: TestUser, path: string, body?: object) =>
  fetch(`${server.httpBase}${path}`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function socketsOnBoth(user: TestUser) {
  const path = `/ws/notifications/${user.id}/?token=${user.tokens.access}`;
  const onA = connectLive(`${a.wsBase}${path}`);
  const onB = connectLive(`${b.wsBase}${path}`);
  await Promise.all([onA.opened, onB.opened]);
  return [onA, onB] as const;
}

describe('staff changes across server processes', () => {
  it.for(['revoke', 'deactivate'])(
    '%s through one process closes the sockets on both, and the other refuses a refresh',
    async (change) => {
      const admin = await createAdmin(t);
      const bystander = await createUser(t);
      const [onA, onB] = await socketsOnBoth(admin);
      const [theirs] = await socketsOnBoth(bystander);
      // The other process now holds the account in its caller cache.
      const before = await fetch(`${b.httpBase}/api/admin/reports/`, { headers: admin.headers });
      expect(before.status).toBe(200);

      const response = await post(a, superuser, `/api/staff/${admin.id}/${change}/`);
      expect(response.status).toBe(200);
      expect(await waitForClose(onB)).toEqual({ code: 4001, reason: 'Account changed' });
      expect((await waitForClose(onA)).code).toBe(4001);

      const refreshed = await fetch(`${b.httpBase}/api/accounts/token/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: admin.tokens.refresh }),
      });
      expect(refreshed.status).toBe(401);
      const listed = await fetch(`${b.httpBase}/api/admin/reports/`, { headers: admin.headers });
      // Every login of the account ended: its access token is refused on the other process too.
      expect(listed.status).toBe(401);
      // Someone else's socket stays open.
      expect(theirs.socket.readyState).toBe(theirs.socket.OPEN);
      await theirs.close();
    },
  );

  it('a member made administrator through one process is refreshed into it on the other', async () => {
    const organizationId = await createOrganization(t);
    const former = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const [formerOnA, formerOnB] = await socketsOnBoth(former);
    const [memberOnA, memberOnB] = await socketsOnBoth(member);

    const response = await post(
      a,
      superuser,
      `/api/staff/organizations/${organizationId}/admins/`,
      {
        user_id: member.id,
        replace: true,
      },
    );
    expect(response.status).toBe(200);
    expect((await waitForClose(formerOnB)).code).toBe(4001);
    expect((await waitForClose(formerOnA)).code).toBe(4001);
    // The new administrator's sockets close too, so their pages take a token that says so.
    expect((await waitForClose(memberOnB)).code).toBe(4001);
    expect((await waitForClose(memberOnA)).code).toBe(4001);
    const refreshed = await fetch(`${b.httpBase}/api/accounts/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: member.tokens.refresh }),
    });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(((await refreshed.json()) as TokenPair).access).role).toBe('admin');
  });

  it('an account deleted through one process has its sockets on the other closed', async () => {
    const reporter = await createUser(t);
    const [onA, onB] = await socketsOnBoth(reporter);
    const response = await post(b, reporter, '/api/accounts/delete/', {
      password: reporter.password,
    });
    expect(response.status).toBe(204);
    expect((await waitForClose(onA)).code).toBe(4001);
    expect((await waitForClose(onB)).code).toBe(4001);
    const login = await fetch(`${a.httpBase}/api/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: reporter.username, password: reporter.password }),
    });
    expect(login.status).toBe(401);
  });
});
