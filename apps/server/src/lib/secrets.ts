import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config';
import { type Keyring, parseKeyring } from './crypto';
import { StartupError } from './startup-error';

export type Secrets = { jwt: string; ownerHash: string; keyring: Keyring };

const storedSecretsSchema = z.object({
  jwt: z.string().min(32, 'jwt must be at least 32 characters'),
  ownerHash: z.string().min(32, 'ownerHash must be at least 32 characters'),
  encryptionKeys: z.string().min(1, 'encryptionKeys is empty'),
});
type StoredSecrets = z.infer<typeof storedSecretsSchema>;

const KEEP_IT =
  'Candor stopped rather than replace it: its keys open every stored report, message and file. ' +
  'Restore it from your backup (or repair it), then start again.';

function readStoredSecrets(file: string): StoredSecrets | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new StartupError(`${file} is not readable (${code ?? String(error)}). ${KEEP_IT}`);
  }
  let reason: string;
  try {
    const stored = storedSecretsSchema.parse(JSON.parse(text));
    parseKeyring(stored.encryptionKeys);
    return stored;
  } catch (error) {
    reason =
      error instanceof z.ZodError
        ? error.issues.map((issue) => issue.message).join('; ')
        : (error as Error).message;
  }
  throw new StartupError(`${file} is not valid (${reason}). ${KEEP_IT}`);
}

/** Removes the temporary files of writes of `file` that a crash cut short (unused key material). */
function removeInterruptedWrites(file: string) {
  const name = path.basename(file);
  const pattern = new RegExp(`^${name.replace(/\./g, '\\.')}\\.\\d+\\.[0-9a-f]{8}\\.tmp$`);
  for (const entry of readdirSync(path.dirname(file))) {
    if (pattern.test(entry)) rmSync(path.join(path.dirname(file), entry), { force: true });
  }
}

/** Flushes the folder of `file`, so that a file linked or renamed into it stays after a crash. */
function syncDirectoryOf(file: string): void {
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** Writes `text` to a new temporary file beside `file`, readable by its owner only, flushed. */
function writeTemporaryBeside(file: string, text: string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temporary;
}

/**
 * Writes `text` as `file` all at once, never replacing a file that exists: a temporary file is
 * written and flushed, then linked into place (refused if another process got there first), so
 * a crash leaves either no file or the whole file. Answers false when the file already existed.
 */
export function writeNewFileAtomically(file: string, text: string): boolean {
  removeInterruptedWrites(file);
  const temporary = writeTemporaryBeside(file, text);
  try {
    linkSync(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      rmSync(temporary, { force: true });
      return false;
    }
    // A file system without hard links: rename (the file was missing a moment ago).
    renameSync(temporary, file);
  }
  rmSync(temporary, { force: true });
  syncDirectoryOf(file);
  return true;
}

function generateSecrets(): StoredSecrets {
  return {
    jwt: randomBytes(48).toString('base64url'),
    ownerHash: randomBytes(48).toString('base64url'),
    encryptionKeys: `k1:${randomBytes(32).toString('base64')}`,
  };
}

export const secretsFileOf = (config: Config) => path.join(config.dataDir, 'secrets.json');

/** `id:base64` pairs, the current key first: the form ENCRYPTION_KEYS and secrets.json take. */
export function keyringSpec(keyring: Keyring): string {
  const ids = [
    keyring.currentId,
    ...[...keyring.keys.keys()].filter((id) => id !== keyring.currentId),
  ];
  return ids.map((id) => `${id}:${(keyring.keys.get(id) as Buffer).toString('base64')}`).join(',');
}

/**
 * The configured secrets as `resolveSecrets` would answer them, without ever generating any:
 * null when some are neither set nor in secrets.json (the management commands must not invent
 * keys). A secrets.json that exists but is not valid throws as at start.
 */
export function findSecrets(config: Config): Secrets | null {
  const given = config.secrets;
  const needsFile = !given.jwt || !given.ownerHash || !given.encryptionKeys;
  const stored = needsFile ? readStoredSecrets(secretsFileOf(config)) : null;
  if (needsFile && !stored) return null;
  return combine(given, stored);
}

function combine(given: Config['secrets'], stored: StoredSecrets | null): Secrets {
  const fromFile = stored as StoredSecrets;
  return {
    jwt: given.jwt ?? fromFile.jwt,
    ownerHash: given.ownerHash ?? fromFile.ownerHash,
    keyring: parseKeyring(
      given.encryptionKeys ?? fromFile.encryptionKeys,
      given.encryptionKeys ? given.encryptionKeyId : undefined,
    ),
  };
}

/**
 * Secrets come from configuration. The zero-setup default generates any that are missing once,
 * into `<DATA_DIR>/secrets.json` (mode 0600), and says so: deployments with several servers must
 * set them explicitly so every process agrees. A file that exists but cannot be read or parsed
 * stops the start; it is never overwritten (README.md "First start").
 */
export function resolveSecrets(config: Config, log: (message: string) => void): Secrets {
  const given = config.secrets;
  let stored: StoredSecrets | null = null;
  const file = secretsFileOf(config);

  const needsFile = !given.jwt || !given.ownerHash || !given.encryptionKeys;
  if (needsFile) {
    stored = readStoredSecrets(file);
    if (!stored) {
      mkdirSync(config.dataDir, { recursive: true });
      const generated = generateSecrets();
      if (writeNewFileAtomically(file, `${JSON.stringify(generated, null, 2)}\n`)) {
        stored = generated;
        log(
          `Generated signing, hashing and encryption keys in ${file}; keep it private and back it up`,
        );
      } else {
        stored = readStoredSecrets(file);
      }
    }
    const missing = [
      !given.jwt && 'JWT_SECRET',
      !given.ownerHash && 'OWNER_HASH_SECRET',
      !given.encryptionKeys && 'ENCRYPTION_KEYS',
    ].filter(Boolean);
    log(`Using ${missing.join(', ')} from ${file}`);
  }
  return combine(given, stored);
}

/**
 * Replaces the encryption keys in secrets.json (key rotation adds and retires keys there),
 * keeping its other secrets: a temporary file is written and flushed, then renamed over the old
 * one, so a crash leaves one or the other whole, never a mix.
 */
export function replaceStoredKeys(config: Config, keyring: Keyring): void {
  const file = secretsFileOf(config);
  const stored = readStoredSecrets(file);
  if (!stored) throw new StartupError(`${file} does not exist.`);
  const text = `${JSON.stringify({ ...stored, encryptionKeys: keyringSpec(keyring) }, null, 2)}\n`;
  const temporary = writeTemporaryBeside(file, text);
  renameSync(temporary, file);
  syncDirectoryOf(file);
}
