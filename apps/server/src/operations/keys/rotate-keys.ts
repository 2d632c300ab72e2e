import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { DatabaseHandle, Executor } from '../../db/client';
import { EmbeddedDatabaseBusyError } from '../../db/embedded-lock';
import { type SealedColumn, sealedColumns } from '../../db/sealed-columns';
import { createStorage } from '../../lib/create-storage';
import { createSealer, type Keyring } from '../../lib/crypto';
import { canaryKeyIds, checkStoredKeys, markKeyRetired, usedKeyIds } from '../../lib/key-check';
import { keyLockId, readServerKeys } from '../../lib/key-presence';
import { findSecrets, replaceStoredKeys, type Secrets } from '../../lib/secrets';
import { StartupError } from '../../lib/startup-error';
import { insertAuditEntry } from '../../modules/audit/audit.service';
import { openMigratedDatabase } from '../../runtime';
import { OperationError } from '../operation-error';
import { type KeyUsage, rewrapColumn, rewrapFiles, scanKeyUsage } from './rewrap';

export type RotateOptions = { batchSize: number; log: (message: string) => void };

export type RotateResult =
  /** ENCRYPTION_KEYS comes from the environment: the operator adds `newKey` there first. */
  | { outcome: 'add-key'; keyId: string; newKey: string }
  | {
      outcome: 'retired';
      currentId: string;
      retired: string[];
      rewrapped: number;
      /** Where the retired keys were removed from, or must be removed from by hand. */
      keysIn: 'secrets.json' | 'ENCRYPTION_KEYS';
    };

/** `k<n>` one past the highest used so far: an id is never used for two different keys. */
function nextKeyId(used: Set<string>): string {
  let highest = 0;
  for (const id of used) {
    const match = /^k(\d+)$/.exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  let next = highest + 1;
  while (used.has(`k${next}`)) next += 1;
  return `k${next}`;
}

async function openDatabase(config: Config) {
  try {
    return await openMigratedDatabase(config, () => {});
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    throw new OperationError(
      `The embedded database in ${config.dataDir} is in use by process ${error.pid} (the Candor ` +
        'server, probably). On the embedded database keys are rotated with the server stopped: ' +
        'stop it, run "npm run rotate-keys", start it again. Nothing was changed.',
    );
  }
}

type ServerCheck = 'knows-current' | 'none-seal-with-old';

/** On PostgreSQL: what the running servers hold (lib/key-presence.ts), or why not to go on. */
async function checkServers(
  db: Executor,
  keyring: Keyring,
  check: ServerCheck,
  retiring: string[],
) {
  const servers = await readServerKeys(db);
  if (check === 'knows-current') {
    const lacking = servers.filter((server) => !server.knows.has(keyLockId(keyring.currentId)));
    if (lacking.length > 0) {
      throw new OperationError(
        `${lacking.length} running server process(es) cannot open key "${keyring.currentId}" ` +
          'yet, so nothing was re-wrapped. Restart every Candor server (they read secrets.json ' +
          'or ENCRYPTION_KEYS at start), then run "npm run rotate-keys" again.',
      );
    }
    return;
  }
  const sealing = retiring.filter((id) =>
    servers.some((server) => server.seals.has(keyLockId(id))),
  );
  if (sealing.length > 0) {
    throw new OperationError(
      `A running server still seals new values with key(s) ${sealing.join(', ')}, so they were ` +
        `not retired. Restart every Candor server so they seal with "${keyring.currentId}", then ` +
        'run "npm run rotate-keys" again: it re-wraps what they wrote meanwhile and retires the ' +
        'old keys.',
    );
  }
}

function describeUsage(usage: KeyUsage[]) {
  return usage.map((row) => `${row.count} in ${row.where} under "${row.keyId}"`).join(', ');
}

/**
 * `npm run rotate-keys` (docs/operating.md "Operating Candor"). When only one key is configured, adds a new
 * one as current (into secrets.json; with ENCRYPTION_KEYS from the environment, answers the key
 * to add there). Then re-wraps every sealed value and file under the current key, scans
 * everything, and retires the other keys once nothing uses them and no server seals with them.
 * Safe to run again at any point: it goes on from wherever the last run stopped.
 */
export async function rotateKeys(config: Config, options: RotateOptions): Promise<RotateResult> {
  const secrets = findSecrets(config);
  if (!secrets) {
    throw new OperationError(
      'No keys are configured: neither DATA_DIR/secrets.json nor JWT_SECRET, OWNER_HASH_SECRET ' +
        'and ENCRYPTION_KEYS. Nothing to rotate.',
    );
  }
  const isFromFile = !config.secrets.encryptionKeys;
  const handle: { database: DatabaseHandle; close: () => Promise<void> } =
    await openDatabase(config);
  try {
    const db = handle.database.db;
    try {
      await checkStoredKeys(db, secrets);
    } catch (error) {
      if (error instanceof StartupError) throw new OperationError(error.message);
      throw error;
    }
    let keyring = secrets.keyring;
    // Keys that were current once are retired here; a key configured but never current (staged
    // for a rolling change of servers) is left alone.
    const wasCurrent = await canaryKeyIds(db);
    const others = [...keyring.keys.keys()].filter((id) => id !== keyring.currentId);
    const staged = others.filter((id) => !wasCurrent.has(id));
    if (staged.length > 0) {
      throw new OperationError(
        `Key(s) ${staged.join(', ')} are configured but have never sealed anything. Make the new ` +
          'key current (first in ENCRYPTION_KEYS or secrets.json, or ENCRYPTION_KEY_ID), restart ' +
          'every server, then run "npm run rotate-keys" again. Nothing was changed.',
      );
    }
    if (others.length === 0) {
      const used = await usedKeyIds(db);
      for (const id of keyring.keys.keys()) used.add(id);
      const keyId = nextKeyId(used);
      const key = randomBytes(32);
      if (!isFromFile) {
        return { outcome: 'add-key', keyId, newKey: `${keyId}:${key.toString('base64')}` };
      }
      keyring = { currentId: keyId, keys: new Map([[keyId, key], ...keyring.keys]) };
      replaceStoredKeys(config, keyring);
      // Its canary first: from now on a start without the new key is refused.
      await checkStoredKeys(db, { ...secrets, keyring } satisfies Secrets);
      options.log(`Added key "${keyId}" to secrets.json: it seals new values from now on.`);
    }
    const retiring = [...keyring.keys.keys()].filter((id) => id !== keyring.currentId);
    const isServer = handle.database.driver === 'postgres';
    if (isServer) await checkServers(db, keyring, 'knows-current', retiring);

    const sealer = createSealer(keyring);
    const storage = await createStorage(config);
    let rewrapped = 0;
    const progress = (where: string, count: number) => {
      if (count > 0) options.log(`Re-wrapped ${count} value(s) in ${where}.`);
    };
    for (const entry of Object.values(sealedColumns) as SealedColumn[]) {
      rewrapped += (await rewrapColumn(db, sealer, entry, options.batchSize, progress)).rewrapped;
    }
    rewrapped += (await rewrapFiles(db, storage, sealer, options.batchSize, progress)).rewrapped;

    // Servers first, then the scan: whatever a server sealing with an old key wrote before it
    // stopped is in the scan.
    if (isServer) await checkServers(db, keyring, 'none-seal-with-old', retiring);
    const stale = (await scanKeyUsage(db, storage, options.batchSize)).filter(
      (row) => row.keyId !== keyring.currentId,
    );
    if (stale.length > 0) {
      throw new OperationError(
        `Values were sealed with old keys while this ran (${describeUsage(stale)}). Run ` +
          '"npm run rotate-keys" again to re-wrap them; no key was retired.',
      );
    }
    await db.transaction(async (tx) => {
      if (isServer) await checkServers(tx, keyring, 'none-seal-with-old', retiring);
      for (const id of retiring) await markKeyRetired(tx, id);
      await insertAuditEntry(tx, {
        actorUserId: null,
        actorRole: 'operator',
        action: 'operations.keys_rotated',
        objectType: 'platform',
        objectId: null,
        details: { current_key: keyring.currentId, retired: retiring, rewrapped },
      });
    });
    if (isFromFile && retiring.length > 0) {
      const current = keyring.keys.get(keyring.currentId) as Buffer;
      replaceStoredKeys(config, {
        currentId: keyring.currentId,
        keys: new Map([[keyring.currentId, current]]),
      });
    }
    return {
      outcome: 'retired',
      currentId: keyring.currentId,
      retired: retiring,
      rewrapped,
      keysIn: isFromFile ? 'secrets.json' : 'ENCRYPTION_KEYS',
    };
  } finally {
    await handle.close();
  }
}
