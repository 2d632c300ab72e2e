import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestApp, type TestApp } from '../../../test/app';
import { createUser, login } from '../../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

afterEach(() => {
  vi.useRealTimers();
});

const refresh = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/token/refresh/',
    payload: { refresh: token },
  });

/** Moves this process's clock on (the database's own clock is not involved). */
function advanceClock(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describe('refresh grace window', () => {
  it('answers the same successor to the token just rotated, sent again by a second tab', async () => {
    const user = await createUser(t);
    const first = await refresh(user.tokens.refresh);
    expect(first.statusCode).toBe(200);
    const again = await refresh(user.tokens.refresh);
    expect(again.statusCode).toBe(200);
    expect(again.json().refresh).toBe(first.json().refresh);
    // The login lives on: the successor rotates as usual.
    expect((await refresh(first.json().refresh)).statusCode).toBe(200);
  });

  it('answers two uses at the same moment with one successor', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([refresh(user.tokens.refresh), refresh(user.tokens.refresh)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((answer) => answer.json().refresh);
    expect(a).toBe(b);
    expect((await refresh(a)).statusCode).toBe(200);
  });

  it('revokes the whole login when the rotated token comes back after the window', async () => {
    const user = await createUser(t);
    const next = (await refresh(user.tokens.refresh)).json();
    advanceClock(11_000);
    const reuse = await refresh(user.tokens.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Token is invalid or expired' });
    expect((await refresh(next.refresh)).statusCode).toBe(401);
  });

  it('leaves other logins of the user alone when one is revoked', async () => {
    const user = await createUser(t);
    const otherLogin = await login(t, user.username, user.password);
    await refresh(user.tokens.refresh);
    advanceClock(11_000);
    expect((await refresh(user.tokens.refresh)).statusCode).toBe(401);
    expect((await refresh(otherLogin.refresh)).statusCode).toBe(200);
  });

  it('does not answer the successor again once the login was logged out', async () => {
    const user = await createUser(t);
    const next = (await refresh(user.tokens.refresh)).json();
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout/',
      payload: { refresh: next.refresh },
    });
    expect((await refresh(user.tokens.refresh)).statusCode).toBe(401);
  });
});

describe('what refresh_tokens keeps (a dump reader joins on time)', () => {
  it('holds no instant finer than a day, and no successor token in clear', async () => {
    const user = await createUser(t);
    const next = (await refresh(user.tokens.refresh)).json();
    await refresh(user.tokens.refresh);
    advanceClock(11_000);
    await refresh(user.tokens.refresh);
    vi.useRealTimers();

    const columns = await rows<{ column_name: string; data_type: string }>(
      sql`select column_name, data_type from information_schema.columns
          where table_schema = 'public' and table_name = 'refresh_tokens'`,
    );
    const timeTyped = columns.filter((column) => /time/.test(column.data_type));
    expect(timeTyped).toEqual([]);

    const stored = await rows<Record<string, unknown>>(
      sql`select * from refresh_tokens where user_id = ${user.id}`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const row of stored) {
      for (const [column, value] of Object.entries(row)) {
        const text = value instanceof Date ? value.toISOString() : String(value);
        // A day carries no hour: either a bare date or midnight UTC.
        if (/\d{4}-\d{2}-\d{2}/.test(text)) {
          expect(text, column).toMatch(/^\d{4}-\d{2}-\d{2}(T00:00:00(\.000)?Z)?$/);
        }
        const bytes =
          Buffer.isBuffer(value) || value instanceof Uint8Array
            ? Buffer.from(value)
            : Buffer.from(text);
        expect(bytes.includes(Buffer.from(next.refresh)), column).toBe(false);
      }
    }
  });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
