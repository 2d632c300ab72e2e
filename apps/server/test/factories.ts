import type { TokenPair } from '@candor/contract/accounts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import type { TestApp } from './app';

let sequence = 0;

/** A name no other test of this run uses. */
export function uniqueName(prefix = 'user') {
  sequence += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${sequence}`;
}

export type TestUser = {
  id: number;
  username: string;
  password: string;
  tokens: TokenPair;
  headers: { authorization: string };
};

type UserOptions = {
  role?: 'user' | 'admin';
  plan?: 'free' | 'premium';
  isSuperuser?: boolean;
  email?: string | null;
  organizationId?: number | null;
  password?: string;
};

const passwordHashes = new Map<string, Promise<string>>();

/** Inserts a user and logs them in through the API. */
export async function createUser(t: TestApp, options: UserOptions = {}): Promise<TestUser> {
  const username = uniqueName(options.role ?? 'user');
  const password = options.password ?? 'correct-horse-battery';
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const [row] = await t.database.db
    .insert(users)
    .values({
      username,
      email: options.email === undefined ? `${username}@example.test` : options.email,
      passwordHash: (await passwordHashes.get(password)) as string,
      role: options.role ?? 'user',
      plan: options.plan ?? 'free',
      isSuperuser: options.isSuperuser ?? false,
      organizationId: options.organizationId ?? null,
    })
    .returning({ id: users.id });
  const tokens = await login(t, username, password);
  return {
    id: (row as { id: number }).id,
    username,
    password,
    tokens,
    headers: { authorization: `Bearer ${tokens.access}` },
  };
}

export const createAdmin = (t: TestApp, options: UserOptions = {}) =>
  createUser(t, { ...options, role: 'admin' });

export const createSuperuser = (t: TestApp, options: UserOptions = {}) =>
  createUser(t, { ...options, role: 'admin', isSuperuser: true });

export async function login(t: TestApp, username: string, password: string): Promise<TokenPair> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json();
}

export async function setUserFields(
  t: TestApp,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) {
  await t.database.db.update(users).set(values).where(eq(users.id, id));
}

/** Decodes a JWT payload without verifying it (what a client would see). */
export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload as string, 'base64url').toString('utf8'));
}

/** A new organisation, for tests that need a scope of their own. */
export async function createOrganization(t: TestApp, name = uniqueName('org')): Promise<number> {
  const { organizations } = await import('../src/db/schema');
  const [row] = await t.database.db
    .insert(organizations)
    .values({ name, type: 'corporate' })
    .returning({ id: organizations.id });
  return (row as { id: number }).id;
}
