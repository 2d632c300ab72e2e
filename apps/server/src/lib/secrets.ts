import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Keyring, parseKeyring } from './crypto';

export type Secrets = { jwt: string; ownerHash: string; keyring: Keyring };

type StoredSecrets = { jwt: string; ownerHash: string; encryptionKeys: string };

/**
 * Secrets come from configuration. The zero-setup default generates any that are missing once,
 * into `<DATA_DIR>/secrets.json` (mode 0600), and says so: deployments with several servers must
 * set them explicitly so every process agrees.
 */
export function resolveSecrets(config: Config, log: (message: string) => void): Secrets {
  const given = config.secrets;
  let stored: StoredSecrets | undefined;
  const file = path.join(config.dataDir, 'secrets.json');

  const needsFile = !given.jwt || !given.ownerHash || !given.encryptionKeys;
  if (needsFile) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    } catch {
      stored = {
        jwt: randomBytes(48).toString('base64url'),
        ownerHash: randomBytes(48).toString('base64url'),
        encryptionKeys: `k1:${randomBytes(32).toString('base64')}`,
      };
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      log(
        `Generated signing, hashing and encryption keys in ${file}; keep it private and back it up`,
      );
    }
    const missing = [
      !given.jwt && 'JWT_SECRET',
      !given.ownerHash && 'OWNER_HASH_SECRET',
      !given.encryptionKeys && 'ENCRYPTION_KEYS',
    ].filter(Boolean);
    log(`Using ${missing.join(', ')} from ${file}`);
  }

  return {
    jwt: given.jwt ?? (stored as StoredSecrets).jwt,
    ownerHash: given.ownerHash ?? (stored as StoredSecrets).ownerHash,
    keyring: parseKeyring(
      given.encryptionKeys ?? (stored as StoredSecrets).encryptionKeys,
      given.encryptionKeys ? given.encryptionKeyId : undefined,
    ),
  };
}
