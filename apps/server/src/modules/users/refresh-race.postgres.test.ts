import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDatabaseUrl } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { openLockHolder, track, untilLockWaiters } from '../../../test/pg-locks';

// Included only with TEST_DATABASE_URL (vitest.config.ts): two requests on two connections.
let t: TestApp;

beforeAll(async () => {
  // Every reuse is past the grace window here, so it revokes.
  t = await buildTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
});

afterAll(async () => {
  await t?.app.close();
});

const refresh = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/token/refresh/',
    payload: { refresh: token },
  });

describe('refresh token family revocation under concurrency', () => {
  it('does not let a token issued while a reuse is being detected escape the revocation', async () => {
    const user = await createUser(t);
    const stolen = user.tokens.refresh;
    const current = (await refresh(stolen)).json().refresh as string;

    // Hold the account row so the rotation of `current` stops just before inserting its
    // successor (the insert's foreign-key check waits for the row).
    const holder = await openLockHolder(testDatabaseUrl as string);
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [user.id]);
      const rotation = track(refresh(current));
      await untilLockWaiters(holder, 1);
      // The copied token comes back while that successor is being issued.
      const reuse = track(refresh(stolen));
      await untilLockWaiters(holder, 2, reuse.settled);
      await holder.query('commit');

      const [rotated, reused] = await Promise.all([rotation.promise, reuse.promise]);
      expect(reused.statusCode).toBe(401);
      if (rotated.statusCode === 200) {
        // The successor was issued before the revocation took hold: it is revoked with the rest.
        expect((await refresh(rotated.json().refresh)).statusCode).toBe(401);
      } else {
        expect(rotated.statusCode).toBe(401);
      }
      expect((await refresh(current)).statusCode).toBe(401);
    } finally {
      await holder.end();
    }
  });
});
