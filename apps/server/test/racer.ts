import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { createAdmin, createUser } from './factories';
import { fileGuestReport } from './intake';
import { enrol, totpCode } from './two-factor';

/**
 * The racer (docs/protection.md "Protecting reporters"): sends a burst of requests at once against a limit
 * that was checked before the slow check and counted after it. Every limit must count the burst
 * as what it is. Run with this process's counters and with Redis's (`env`).
 */
export function racerSuite(store: string, env: Record<string, string>) {
  const withLimits = async (limits: Record<string, string>, run: (t: TestApp) => Promise<void>) => {
    const t = await buildTestApp({ env: { ...env, ...limits } });
    try {
      await run(t);
    } finally {
      await t.app.close();
    }
  };
  const count = (statuses: number[], status: number) =>
    statuses.filter((value) => value === status).length;
  // One address per burst, so runs sharing a Redis never share a count.
  const anAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  describe(`the racer (${store} counters)`, () => {
    it('150 login guesses at once are checked 10 times at most; the right password last waits', async () => {
      await withLimits({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '10' }, async (t) => {
        const victim = await createUser(t);
        const remoteAddress = anAddress();
        const send = (password: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/accounts/login/',
            remoteAddress,
            payload: { username: victim.username, password },
          });
        const burst = Array.from({ length: 150 }, (_, index) => send(`wrong guess ${index}`));
        burst.push(send(victim.password));
        const statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
        expect(count(statuses, 401)).toBeLessThanOrEqual(10);
        expect(count(statuses, 401) + count(statuses, 429)).toBe(151);
        expect(statuses.at(-1)).toBe(429);
      });
    });

    it('60 second-factor codes at once are checked 5 times at most', async () => {
      await withLimits({ RATE_LIMIT_TWO_FACTOR_FAILURES_PER_ACCOUNT: '5' }, async (t) => {
        const admin = await createAdmin(t);
        const { secret } = await enrol(t, admin);
        const first = await t.app.inject({
          method: 'POST',
          url: '/api/accounts/login/',
          payload: { username: admin.username, password: admin.password },
        });
        const { challenge } = first.json();
        const right = totpCode(secret, 1);
        const wrong = (index: number) =>
          String((Number(right) + 1 + index) % 1_000_000).padStart(6, '0');
        const statuses = (
          await Promise.all(
            Array.from({ length: 60 }, (_, index) =>
              t.app.inject({
                method: 'POST',
                url: '/api/two-factor/login/',
                remoteAddress: anAddress(),
                payload: { challenge, code: wrong(index) },
              }),
            ),
          )
        ).map((answer) => answer.statusCode);
        expect(count(statuses, 400)).toBeLessThanOrEqual(5);
        expect(count(statuses, 400) + count(statuses, 429)).toBe(60);
        const afterwards = await t.app.inject({
          method: 'POST',
          url: '/api/two-factor/login/',
          payload: { challenge, code: right },
        });
        expect(afterwards.statusCode).toBe(429);
      });
    });

    it('52 receipts at once from one client are checked 20 times at most', async () => {
      await withLimits({ TRACK_FAILURES_PER_ADDRESS_PER_HOUR: '20' }, async (t) => {
        const { receipt } = await fileGuestReport(t, null);
        const remoteAddress = anAddress();
        const wrong = (index: number) => `9${String(index).padStart(15, '0')}`;
        const burst = Array.from({ length: 52 }, (_, index) =>
          t.app.inject({
            method: 'POST',
            url: '/api/track/session/',
            remoteAddress,
            payload: { receipt: index === 51 ? receipt : wrong(index) },
          }),
        );
        const statuses = (await Promise.all(burst)).map((answer) => answer.statusCode);
        expect(count(statuses, 400)).toBeLessThanOrEqual(20);
        expect(count(statuses, 400) + count(statuses, 429) + count(statuses, 200)).toBe(52);
        expect(statuses.at(-1)).toBe(429);
      });
    });

    it('counts one IPv6 client by its /64, however many addresses it rotates through', async () => {
      await withLimits({ RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '5' }, async (t) => {
        const prefix = `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;
        const statuses: number[] = [];
        for (let index = 1; index <= 8; index += 1) {
          const victim = await createUser(t);
          const answer = await t.app.inject({
            method: 'POST',
            url: '/api/accounts/login/',
            remoteAddress: `${prefix}:${index.toString(16)}:0:0:${randomInt(0x10000).toString(16)}`,
            payload: { username: victim.username, password: 'a wrong guess' },
          });
          statuses.push(answer.statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
        // Another /64 is another client.
        const neighbour = await createUser(t);
        const other = await t.app.inject({
          method: 'POST',
          url: '/api/accounts/login/',
          remoteAddress: '2001:db8:ffff:ffff::1',
          payload: { username: neighbour.username, password: neighbour.password },
        });
        expect(other.statusCode).toBe(200);
      });
    });
  });
}
