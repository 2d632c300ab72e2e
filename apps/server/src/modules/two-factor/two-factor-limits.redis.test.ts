import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { createAdmin } from '../../../test/factories';
import { useRedisInstances } from '../../../test/hooks';
import { enrol, totpCode } from '../../../test/two-factor';
import { codeGateKey } from './code-gate';

// Included only with TEST_REDIS_URL (vitest.config.ts): two app instances, as two server
// processes would be, count an account's wrong codes in one Redis.
const instance = useRedisInstances();

describe('second-factor code limits shared through Redis', () => {
  it('counts wrong codes of one account across two instances', async () => {
    const env = { RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT: '2' };
    const [a, b] = [await instance(env), await instance(env)];
    const admin = await createAdmin(a);
    // Account ids start again with each fresh test database; Redis outlives it.
    await a.app.ctx.counters.clear(codeGateKey(a.app.ctx, admin.id));
    const { secret } = await enrol(a, admin);
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: { username: admin.username, password: admin.password },
    });
    const { challenge } = login.json();
    const attempt = (target: TestApp, code: string) =>
      target.app.inject({
        method: 'POST',
        url: '/api/two-factor/login/',
        payload: { challenge, code },
      });
    expect((await attempt(a, totpCode(secret, 9))).statusCode).toBe(400);
    expect((await attempt(b, totpCode(secret, 11))).statusCode).toBe(400);
    expect((await attempt(a, totpCode(secret, 1))).statusCode).toBe(429);
    expect((await attempt(b, totpCode(secret, 1))).statusCode).toBe(429);
  });
});
