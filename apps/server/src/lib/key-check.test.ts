import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../test/app';
import { ownServerEnv, startExpectingRefusal, startServerProcess } from '../../test/server-process';
import { keyChecks } from '../db/schema';
import { parseKeyring } from './crypto';
import { checkStoredKeys } from './key-check';
import { resolveSecrets } from './secrets';

/** Each test starts real server processes, several seconds each on the embedded database. */
const PROCESS_TEST_TIMEOUT = 180_000;

let t: TestApp;
const keyId = `c${process.pid}`;
const newKey = `${keyId}:${Buffer.alloc(32, 9).toString('base64')}`;

beforeAll(async () => {
  t = await getTestApp();
});

/** This run's other servers know only the test key: on a shared database, forget the new one. */
async function forgetNewKey() {
  await t.database.db.delete(keyChecks).where(eq(keyChecks.name, `seal:${keyId}`));
}

afterAll(forgetNewKey);

function serverEnv() {
  const env = ownServerEnv(t.config);
  if (t.database.driver === 'postgres') env.DATABASE_URL = process.env.TEST_DATABASE_URL as string;
  return env;
}

describe('the start-up key check', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('stops a server whose keys no longer include the one stored data was sealed with, naming it', async () => {
    const env = serverEnv();
    const testKey = env.ENCRYPTION_KEYS as string;
    const first = await startServerProcess({ ...env, ENCRYPTION_KEYS: `${newKey},${testKey}` });
    await first.stop();

    const refused = await startExpectingRefusal(env);
    expect(refused.started).toBe(false);
    expect(refused.output).toContain(`encryption key id "${keyId}"`);
    expect(refused.output).toContain('missing from ENCRYPTION_KEYS');

    // With the key back, it starts.
    const again = await startServerProcess({ ...env, ENCRYPTION_KEYS: `${testKey},${newKey}` });
    expect(await again.stop()).toBe(0);
    await forgetNewKey();
  });

  it('refuses a key whose id is known but whose bytes changed, and a changed owner-hash secret', async () => {
    const secrets = resolveSecrets(t.config, () => {});
    await checkStoredKeys(t.database.db, secrets);
    const swapped = {
      ...secrets,
      keyring: parseKeyring(
        `${secrets.keyring.currentId}:${Buffer.alloc(32, 1).toString('base64')}`,
      ),
    };
    await expect(checkStoredKeys(t.database.db, swapped)).rejects.toThrow(
      `Encryption key id "${secrets.keyring.currentId}" is not the key that sealed`,
    );
    await expect(
      checkStoredKeys(t.database.db, { ...secrets, ownerHash: 'x'.repeat(48) }),
    ).rejects.toThrow('OWNER_HASH_SECRET is not the secret');
    // The right keys still pass, and nothing was recorded for the wrong ones.
    await checkStoredKeys(t.database.db, secrets);
  });
});
