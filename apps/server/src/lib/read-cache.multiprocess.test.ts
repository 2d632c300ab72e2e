import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../test/factories';
import { useServerProcesses, useSuperuser, useTestApp } from '../../test/hooks';
import { connectLive, waitForClose } from '../../test/live';
import { createReport } from '../../test/reports';
import type { ServerProcess } from '../../test/server-process';
import { enrol } from '../../test/two-factor';

// Included only with TEST_DATABASE_URL (see vitest.config.ts): two real server processes on one
// PostgreSQL database. What one process kept for an administrator is not given to them once
// another process changed their access: kept answers are keyed by what decided access (role,
// scope, standing, the version of their logins), not by the account alone (lib/read-cache.ts).
const databaseUrl = testDatabaseUrl as string;

const t = useTestApp();
const superuser = useSuperuser(t);
const [a, b] = useServerProcesses(t, databaseUrl);

const getOn = (server: ServerProcess, headers: Record<string, string>, path: string) =>
  fetch(`${server.httpBase}${path}`, { headers });

async function loginOn(server: ServerProcess, user: TestUser) {
  const response = await fetch(`${server.httpBase}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  expect(response.status).toBe(200);
  const { access } = (await response.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}

describe('kept answers across server processes', () => {
  it('are not given to an administrator revoked through the other process', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const report = await createReport(t, member, { title: 'Kept for the administrator' });
    const paths = [`/api/reports/${report.id}/`, `/api/reports/${report.id}/comments/`];
    // Process B keeps the administrator's answers (asked twice: the second is from memory).
    for (const path of [...paths, ...paths]) {
      expect((await getOn(b, admin.headers, path)).status).toBe(200);
    }
    const socket = connectLive(
      `${b.wsBase}/ws/notifications/${admin.id}/?token=${admin.tokens.access}`,
    );
    await socket.opened;

    const revoked = await fetch(`${a.httpBase}/api/staff/${admin.id}/revoke/`, {
      method: 'POST',
      headers: superuser.headers,
    });
    expect(revoked.status).toBe(200);
    // B has heard of the change once it closes their socket.
    expect((await waitForClose(socket)).code).toBe(4001);

    // Signed in again, now a plain member of the organisation: the report is not theirs.
    const asMember = await loginOn(b, admin);
    for (const path of paths) {
      const response = await getOn(b, asMember, path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('Kept for the administrator');
    }
    // The reporter still reads their own on both processes.
    for (const server of [a, b]) {
      expect((await getOn(server, member.headers, paths[0] as string)).status).toBe(200);
    }
  });

  it('are not given to the same account signed in without its second factor', async () => {
    const organizationId = await createOrganization(t);
    const admin = await createAdmin(t, { organizationId });
    const member = await createUser(t, { organizationId });
    const report = await createReport(t, member, { title: 'Kept for the full login' });
    const path = `/api/reports/${report.id}/`;
    // The administrator sets up a second factor: the login they had before gave none, so it now
    // acts as a plain member (or is ended); the login the enrolment gave acts as administrator.
    const { headers: fullLogin } = await enrol(t, admin);
    for (let read = 0; read < 3; read += 1) {
      expect((await getOn(b, fullLogin, path)).status).toBe(200);
    }
    // The earlier login, on the process that kept the administrator's answer.
    const response = await getOn(b, admin.headers, path);
    expect([401, 404]).toContain(response.status);
    expect(await response.text()).not.toContain('Kept for the full login');
  });
});
