import type { TokenPair } from '@candor/contract/accounts';
import type { APIRequestContext } from '@playwright/test';

let sequence = 0;

export function uniqueUsername(prefix = 'e2e') {
  sequence += 1;
  return `${prefix}_${Date.now().toString(36)}_${sequence}`;
}

export type E2eUser = { username: string; password: string };

/** Registers a user through the API (journeys that are not about registration start here). */
export async function registerUser(request: APIRequestContext, prefix = 'e2e'): Promise<E2eUser> {
  const user = { username: uniqueUsername(prefix), password: 'a-strong-passphrase' };
  const response = await request.post('/api/accounts/register/', {
    data: { ...user, email: '', first_name: '', last_name: '' },
  });
  if (response.status() !== 201) throw new Error(`register failed: ${await response.text()}`);
  return user;
}

export async function apiLogin(request: APIRequestContext, user: E2eUser): Promise<TokenPair> {
  const response = await request.post('/api/accounts/login/', { data: user });
  if (!response.ok()) throw new Error(`login failed: ${await response.text()}`);
  return response.json();
}
