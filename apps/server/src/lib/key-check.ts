import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { keyChecks } from '../db/schema';
import { createHasher, createSealer, DecryptionError } from './crypto';
import type { Secrets } from './secrets';
import { StartupError } from './startup-error';

const PURPOSE = 'key-check';
const CANARY = 'candor key check';
const SEAL_PREFIX = 'seal:';
/** A key `npm run rotate-keys` retired: nothing is sealed with it, and it must not be current. */
const RETIRED_PREFIX = 'retired:';
const OWNER_HASH = 'owner-hash';

function ownerHashCanary(secrets: Secrets) {
  return Buffer.from(createHasher(secrets.ownerHash)(PURPOSE, CANARY), 'utf8');
}

/** What is wrong with the configured keys against the stored canaries, one line each. */
export function problemsWith(secrets: Secrets, rows: { name: string; value: Buffer }[]): string[] {
  const sealer = createSealer(secrets.keyring);
  const problems: string[] = [];
  for (const row of rows) {
    if (row.name.startsWith(SEAL_PREFIX)) {
      const keyId = row.name.slice(SEAL_PREFIX.length);
      if (!secrets.keyring.keys.has(keyId)) {
        problems.push(
          `Stored data is sealed with encryption key id "${keyId}", which is missing from ` +
            'ENCRYPTION_KEYS (or secrets.json). Add that key back.',
        );
        continue;
      }
      try {
        if (sealer.openText(row.value, PURPOSE) !== CANARY) throw new DecryptionError('canary');
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        problems.push(
          `Encryption key id "${keyId}" is not the key that sealed the stored data under that id.`,
        );
      }
    } else if (row.name.startsWith(RETIRED_PREFIX)) {
      const keyId = row.name.slice(RETIRED_PREFIX.length);
      if (keyId === secrets.keyring.currentId) {
        problems.push(
          `Encryption key id "${keyId}" was retired by rotate-keys: nothing stored is sealed ` +
            'with it any more. Make the key that replaced it current (first in ENCRYPTION_KEYS or ' +
            'secrets.json), so no new value is sealed with a retired key.',
        );
      }
    } else if (row.name === OWNER_HASH) {
      const expected = ownerHashCanary(secrets);
      if (expected.length !== row.value.length || !timingSafeEqual(expected, row.value)) {
        problems.push(
          'OWNER_HASH_SECRET is not the secret the stored anonymous reports were linked with: ' +
            'their reporters would lose them.',
        );
      }
    }
  }
  return problems;
}

/**
 * At start, before serving (docs/protection.md "Protecting reporters"): proves the configured keys open the data already
 * stored, or stops with an error naming the missing key id. Each key that becomes current gets
 * a sealed canary, so removing or replacing it later is caught. Safe for several processes
 * starting at once (rows are only ever added, with ON CONFLICT DO NOTHING).
 */
export async function checkStoredKeys(db: Executor, secrets: Secrets): Promise<void> {
  const rows = await db.select().from(keyChecks);
  const problems = problemsWith(secrets, rows);
  if (problems.length > 0) {
    throw new StartupError(
      `The configured keys do not open the data already stored; not starting:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
  }
  const names = new Set(rows.map((row) => row.name));
  const missing: { name: string; value: Buffer }[] = [];
  const current = `${SEAL_PREFIX}${secrets.keyring.currentId}`;
  if (!names.has(current)) {
    missing.push({ name: current, value: createSealer(secrets.keyring).seal(CANARY, PURPOSE) });
  }
  if (!names.has(OWNER_HASH)) missing.push({ name: OWNER_HASH, value: ownerHashCanary(secrets) });
  if (missing.length > 0) await db.insert(keyChecks).values(missing).onConflictDoNothing();
}

/** Every key id that was ever current or retired here: a new key never takes one of them. */
export async function usedKeyIds(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ name: keyChecks.name }).from(keyChecks);
  const ids = new Set<string>();
  for (const { name } of rows) {
    if (name.startsWith(SEAL_PREFIX)) ids.add(name.slice(SEAL_PREFIX.length));
    if (name.startsWith(RETIRED_PREFIX)) ids.add(name.slice(RETIRED_PREFIX.length));
  }
  return ids;
}

/**
 * Marks `keyId` retired in the caller's transaction: its canary goes (so a start without the key
 * is accepted) and a `retired:` row stays (so it is never made current, nor its id reused).
 */
export async function markKeyRetired(db: Executor, keyId: string): Promise<void> {
  await db.delete(keyChecks).where(eq(keyChecks.name, `${SEAL_PREFIX}${keyId}`));
  await db
    .insert(keyChecks)
    .values({ name: `${RETIRED_PREFIX}${keyId}`, value: Buffer.alloc(0) })
    .onConflictDoNothing();
}

/** The ids of the keys that have been current here (each has its canary). */
export async function canaryKeyIds(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ name: keyChecks.name }).from(keyChecks);
  return new Set(
    rows
      .filter(({ name }) => name.startsWith(SEAL_PREFIX))
      .map(({ name }) => name.slice(SEAL_PREFIX.length)),
  );
}
