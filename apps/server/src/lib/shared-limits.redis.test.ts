import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createUser, uniqueName } from '../../test/factories';
import { useRedisInstances, useTestApp } from '../../test/hooks';

// Included only with TEST_REDIS_URL (vitest.config.ts; .ci/run sets it to the Redis on
// 127.0.0.1:6379): two app instances, as two server processes would be, count in one Redis.
const instance = useRedisInstances();

const shared = useTestApp();

/** An address no earlier run used within the counters' windows. */
function freshAddress() {
  const n = Math.floor(Math.random() * 65_000);
  return `198.18.${n >> 8}.${n & 255}`;
}

describe('rate limits shared through Redis', () => {
  it('counts one route limit across two instances', async () => {
    const env = { RATE_LIMIT_AUTH_PER_MINUTE: '2' };
    const [a, b] = [await instance(env), await instance(env)];
    const address = freshAddress();
    const register = (target: TestApp) =>
      target.app.inject({
        method: 'POST',
        url: '/api/accounts/register/',
        payload: { username: uniqueName('shared'), password: 'a-good-passphrase', email: '' },
        remoteAddress: address,
      });
    expect((await register(a)).statusCode).toBe(201);
    expect((await register(b)).statusCode).toBe(201);
    expect((await register(a)).statusCode).toBe(429);
    expect((await register(b)).statusCode).toBe(429);
  });

  it('counts failed logins of one account across two instances', async () => {
    const env = { RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '2' };
    const [a, b] = [await instance(env), await instance(env)];
    const victim = await createUser(shared);
    const attempt = (target: TestApp, password: string) =>
      target.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        payload: { username: victim.username, password },
        remoteAddress: freshAddress(),
      });
    expect((await attempt(a, 'wrong-guess-one')).statusCode).toBe(401);
    expect((await attempt(b, 'wrong-guess-two')).statusCode).toBe(401);
    expect((await attempt(a, victim.password)).statusCode).toBe(429);
    expect((await attempt(b, victim.password)).statusCode).toBe(429);
  });
});
