import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';

let t: TestApp;
const limitedApps: TestApp[] = [];

beforeAll(async () => {
  t = await getTestApp();
});

afterEach(async () => {
  await Promise.all(limitedApps.splice(0).map((limited) => limited.app.close()));
});

/** An app with the given login limits; the others stay at their defaults. */
async function appWithLimits(env: Record<string, string>) {
  const limited = await buildTestApp({
    env: {
      RATE_LIMIT_AUTH_PER_MINUTE: '10',
      RATE_LIMIT_LOGIN_PER_MINUTE: '300',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '10',
      RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '100',
      ...env,
    },
  });
  limitedApps.push(limited);
  return limited;
}

function loginFrom(app: TestApp, address: string, username: string, password: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username, password },
    remoteAddress: address,
  });
}

async function users(count: number): Promise<TestUser[]> {
  const created: TestUser[] = [];
  for (let index = 0; index < count; index += 1) created.push(await createUser(t));
  return created;
}

describe('login limits on a shared network', () => {
  it('lets a whole school behind one address log in, typos included', async () => {
    const limited = await appWithLimits({});
    const school = '198.51.100.80';
    const pupils = await users(30);
    const statuses: number[] = [];
    for (const [index, pupil] of pupils.entries()) {
      if (index % 5 === 0) {
        statuses.push(
          (await loginFrom(limited, school, pupil.username, 'a-typo-in-it')).statusCode,
        );
      }
      statuses.push((await loginFrom(limited, school, pupil.username, pupil.password)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses).not.toContain(429);
  });

  it('still limits logins from one address loosely', async () => {
    const limited = await appWithLimits({ RATE_LIMIT_LOGIN_PER_MINUTE: '4' });
    const [pupil] = await users(1);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const user = pupil as TestUser;
      statuses.push(
        (await loginFrom(limited, '198.51.100.81', user.username, user.password)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('keeps an attacker guessing one account slow, from any number of addresses', async () => {
    const limited = await appWithLimits({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3' });
    const [victim, bystander] = (await users(2)) as [TestUser, TestUser];
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const address = `203.0.113.${100 + attempt}`;
      guesses.push(
        (await loginFrom(limited, address, victim.username, `guess-${attempt}-x`)).statusCode,
      );
    }
    expect(guesses).toEqual([401, 401, 401]);
    // Blocked even with the right password, and whatever the letter case, from a new address.
    const blocked = await loginFrom(
      limited,
      '203.0.113.110',
      victim.username.toUpperCase(),
      victim.password,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds?\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    // Another account from the attacker's last address is not affected.
    expect(
      (await loginFrom(limited, '203.0.113.102', bystander.username, bystander.password))
        .statusCode,
    ).toBe(200);
  });

  it('keeps one address that sprays many accounts slow, without locking anyone else out', async () => {
    const limited = await appWithLimits({ RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '5' });
    const targets = await users(7);
    const sprayer = '203.0.113.66';
    const statuses: number[] = [];
    for (const target of targets.slice(0, 6)) {
      statuses.push((await loginFrom(limited, sprayer, target.username, 'Summer2026!')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const last = targets[6] as TestUser;
    // A success from the spraying address does not wipe its failures...
    expect((await loginFrom(limited, sprayer, last.username, last.password)).statusCode).toBe(429);
    // ...and the sprayed accounts can still log in from elsewhere.
    const first = targets[0] as TestUser;
    expect(
      (await loginFrom(limited, '198.51.100.90', first.username, first.password)).statusCode,
    ).toBe(200);
  });

  it('answers the same whether or not the account exists once an account is blocked', async () => {
    const limited = await appWithLimits({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '2' });
    const [real] = (await users(1)) as [TestUser];
    const ghost = `${real.username}_ghost`;
    const answers: Record<string, number[]> = { real: [], ghost: [] };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.real?.push(
        (await loginFrom(limited, `203.0.113.${20 + attempt}`, real.username, 'wrong-one-x'))
          .statusCode,
      );
      answers.ghost?.push(
        (await loginFrom(limited, `203.0.113.${30 + attempt}`, ghost, 'wrong-one-x')).statusCode,
      );
    }
    expect(answers.real).toEqual([401, 401, 429]);
    expect(answers.ghost).toEqual(answers.real);
  });
});
