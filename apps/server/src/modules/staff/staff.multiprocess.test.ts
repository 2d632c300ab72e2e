import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp, testDatabaseUrl } from '../../../test/app';
import { createAdmin, createSuperuser, createUser, type TestUser } from '../../../test/factories';
import { connectLive, waitForClose } from '../../../test/live';
import {
  type ServerProcess,
  sharedServerEnv,
  startServerProcess,
} from '../../../test/server-process';

// Included only with TEST_DATABASE_URL (see vitest.config.ts): two real server processes on one
// PostgreSQL database. A change made through one closes the person's sockets on the other.
const databaseUrl = testDatabaseUrl as string;

let t: TestApp;
let a: ServerProcess;
let b: ServerProcess;
let superuser: TestUser;

beforeAll(async () => {
  t = await getTestApp();
  superuser = await createSuperuser(t);
  [a, b] = await Promise.all([
    startServerProcess(sharedServerEnv(t.config, databaseUrl)),
    startServerProcess(sharedServerEnv(t.config, databaseUrl)),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

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
      expect(listed.status).toBe(change === 'revoke' ? 403 : 401);
      // Someone else's socket stays open.
      expect(theirs.socket.readyState).toBe(theirs.socket.OPEN);
      await theirs.close();
    },
  );
});
