import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (docs/protection.md "Protecting reporters"). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so an unknown username cannot be told apart from a
 * wrong password by timing (docs/protection.md "Protecting reporters").
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('candor-dummy-password-never-matches');
  await verifyPassword(await dummyHash, password);
  return false;
}
