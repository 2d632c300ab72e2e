import { expect } from 'vitest';
import type { TestApp } from './app';
import type { TestUser } from './factories';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Requests to `t`'s app as a user (with their headers), and a GET's JSON answer, checked 200. */
export function callsAs(t: TestApp) {
  const call = (user: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, payload });
  async function json<T>(user: TestUser, url: string): Promise<T> {
    const response = await call(user, 'GET', url);
    expect(response.statusCode, url).toBe(200);
    return response.json() as T;
  }
  return { call, json };
}
