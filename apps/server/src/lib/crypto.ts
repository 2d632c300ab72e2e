import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { randomBytesPooled } from './random';

/**
 * Envelope encryption at rest (docs/protection.md "Protecting reporters"): each value gets its own random data key, which is
 * wrapped by the current master key. The key id travels inside the sealed value so master keys
 * can be rotated: old values keep opening with the key they name.
 *
 * Layout: version(1) | idLength(1) | keyId | wrapIv(12) | wrapTag(16) | wrappedKey(32)
 *         | iv(12) | tag(16) | ciphertext
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type Keyring = { currentId: string; keys: ReadonlyMap<string, Buffer> };

export class DecryptionError extends Error {}

export function parseKeyring(spec: string, currentId?: string): Keyring {
  const keys = new Map<string, Buffer>();
  for (const entry of spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    if (separator <= 0) throw new Error('ENCRYPTION_KEYS entries must look like id:base64key');
    const id = entry.slice(0, separator);
    const key = Buffer.from(entry.slice(separator + 1), 'base64');
    if (key.length !== KEY_BYTES) {
      throw new Error(`ENCRYPTION_KEYS: key "${id}" must be ${KEY_BYTES} bytes (base64)`);
    }
    if (id.length > 64) throw new Error(`ENCRYPTION_KEYS: key id "${id}" is too long`);
    keys.set(id, key);
  }
  const first = keys.keys().next();
  if (first.done) throw new Error('ENCRYPTION_KEYS: no key given');
  const current = currentId ?? first.value;
  if (!keys.has(current)) throw new Error(`ENCRYPTION_KEY_ID: no key named "${current}"`);
  return { currentId: current, keys };
}

function gcmEncrypt(key: Buffer, plaintext: Buffer, aad: Buffer, iv = randomBytesPooled(IV_BYTES)) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

function gcmDecrypt(key: Buffer, sealed: Buffer, aad: Buffer) {
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** The id of the master key that wrapped `sealed`'s data key; null when it is not a sealed value. */
export function sealedKeyId(input: Buffer | Uint8Array): string | null {
  const sealed = Buffer.isBuffer(input) ? input : Buffer.from(input);
  if (sealed.length < 2 || sealed[0] !== VERSION) return null;
  const idLength = sealed[1] as number;
  if (sealed.length < 2 + idLength) return null;
  return sealed.subarray(2, 2 + idLength).toString('utf8');
}

export type Sealer = {
  /** The master key new values are sealed with. */
  currentKeyId: string;
  /**
   * The same value with its data key wrapped by the current master key instead (key rotation):
   * the data key is opened with the key the value names and wrapped again; the encrypted body
   * is kept as it is. A value already under the current key is answered unchanged.
   */
  rewrap(sealed: Buffer | Uint8Array, purpose: string): Buffer;
  /** `purpose` is bound as associated data: a value sealed for one column won't open in another. */
  seal(plaintext: Buffer | string, purpose: string): Buffer;
  open(sealed: Buffer | Uint8Array, purpose: string): Buffer;
  openText(sealed: Buffer | Uint8Array, purpose: string): string;
  sealJson(value: unknown, purpose: string): Buffer;
  openJson<T>(sealed: Buffer | Uint8Array, purpose: string): T;
  /** Drops every opened value kept in memory (a report and its thread were deleted). */
  forgetOpened(): void;
  /** Changes with each `forgetOpened`: a cache of opened values elsewhere empties when it does. */
  readonly openedGeneration: number;
};

/**
 * Small sealed values opened lately, by their exact sealed bytes (so never a stale answer: a
 * value sealed again, rewrapped or altered is other bytes). Lists open the same notices and
 * messages on every read; two AES-GCM decryptions each were most of a notification list's CPU
 * (bench/README.md "Reads"). In this process's memory only, never written or logged, and only
 * what the callers who read them may see; bounded in count, size and age.
 */
const OPENED_MAX_ENTRIES = 20_000;
const OPENED_MAX_SEALED_BYTES = 4_096;
const OPENED_MAX_AGE_MS = 10 * 60_000;

export type SealerOptions = {
  /** Keep small opened values in memory (`openText`, `openJson`). */
  keepsOpened?: boolean;
  now?: () => number;
};

export function createSealer(keyring: Keyring, options: SealerOptions = {}): Sealer {
  const now = options.now ?? Date.now;
  // Least recently used first out; each kept from its opening for at most the age above.
  const opened = new LRUCache<string, string>({
    max: OPENED_MAX_ENTRIES,
    ttl: OPENED_MAX_AGE_MS,
    ttlResolution: 0,
    perf: { now },
  });
  let openedGeneration = 0;
  const seal = (plaintext: Buffer | string, purpose: string) => {
    const keyId = Buffer.from(keyring.currentId, 'utf8');
    const masterKey = keyring.keys.get(keyring.currentId) as Buffer;
    // The data key and both nonces from one draw: each its own bytes, never shared.
    const fresh = randomBytesPooled(KEY_BYTES + 2 * IV_BYTES);
    const dataKey = fresh.subarray(0, KEY_BYTES);
    const aad = Buffer.from(purpose, 'utf8');
    const wrapped = gcmEncrypt(
      masterKey,
      dataKey,
      Buffer.concat([keyId, aad]),
      fresh.subarray(KEY_BYTES, KEY_BYTES + IV_BYTES),
    );
    const body = gcmEncrypt(
      dataKey,
      typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext,
      aad,
      fresh.subarray(KEY_BYTES + IV_BYTES),
    );
    return Buffer.concat([Buffer.from([VERSION, keyId.length]), keyId, wrapped, body]);
  };

  const open = (input: Buffer | Uint8Array, purpose: string) => {
    const sealed = Buffer.isBuffer(input) ? input : Buffer.from(input);
    if (sealed.length < 2 || sealed[0] !== VERSION) throw new DecryptionError('Unknown format');
    const idLength = sealed[1] as number;
    const keyId = sealed.subarray(2, 2 + idLength);
    const masterKey = keyring.keys.get(keyId.toString('utf8'));
    if (!masterKey) throw new DecryptionError(`Unknown key id ${keyId.toString('utf8')}`);
    const wrappedStart = 2 + idLength;
    const wrappedEnd = wrappedStart + IV_BYTES + TAG_BYTES + KEY_BYTES;
    const aad = Buffer.from(purpose, 'utf8');
    try {
      const dataKey = gcmDecrypt(
        masterKey,
        sealed.subarray(wrappedStart, wrappedEnd),
        Buffer.concat([keyId, aad]),
      );
      return gcmDecrypt(dataKey, sealed.subarray(wrappedEnd), aad);
    } catch {
      throw new DecryptionError('Sealed value failed authentication');
    }
  };

  const rewrap = (input: Buffer | Uint8Array, purpose: string) => {
    const sealed = Buffer.isBuffer(input) ? input : Buffer.from(input);
    const keyId = sealedKeyId(sealed);
    if (keyId === null) throw new DecryptionError('Unknown format');
    if (keyId === keyring.currentId) return sealed;
    const masterKey = keyring.keys.get(keyId);
    if (!masterKey) throw new DecryptionError(`Unknown key id ${keyId}`);
    const idBytes = Buffer.from(keyId, 'utf8');
    const wrappedStart = 2 + idBytes.length;
    const wrappedEnd = wrappedStart + IV_BYTES + TAG_BYTES + KEY_BYTES;
    const aad = Buffer.from(purpose, 'utf8');
    let dataKey: Buffer;
    try {
      dataKey = gcmDecrypt(
        masterKey,
        sealed.subarray(wrappedStart, wrappedEnd),
        Buffer.concat([idBytes, aad]),
      );
    } catch {
      throw new DecryptionError('Sealed value failed authentication');
    }
    const currentId = Buffer.from(keyring.currentId, 'utf8');
    const wrapped = gcmEncrypt(
      keyring.keys.get(keyring.currentId) as Buffer,
      dataKey,
      Buffer.concat([currentId, aad]),
    );
    return Buffer.concat([
      Buffer.from([VERSION, currentId.length]),
      currentId,
      wrapped,
      sealed.subarray(wrappedEnd),
    ]);
  };

  const openText = (input: Buffer | Uint8Array, purpose: string): string => {
    if (!options.keepsOpened || input.length > OPENED_MAX_SEALED_BYTES) {
      return open(input, purpose).toString('utf8');
    }
    const sealed = Buffer.isBuffer(input) ? input : Buffer.from(input);
    const key = `${purpose}\u0000${sealed.toString('latin1')}`;
    const kept = opened.get(key);
    if (kept !== undefined) return kept;
    const text = open(sealed, purpose).toString('utf8');
    opened.set(key, text);
    return text;
  };

  return {
    currentKeyId: keyring.currentId,
    rewrap,
    seal,
    open,
    openText,
    sealJson: (value, purpose) => seal(JSON.stringify(value), purpose),
    // Parsed anew each time: callers may change what they receive.
    openJson: <T>(sealed: Buffer | Uint8Array, purpose: string) =>
      JSON.parse(openText(sealed, purpose)) as T,
    forgetOpened: () => {
      opened.clear();
      openedGeneration += 1;
    },
    get openedGeneration() {
      return openedGeneration;
    },
  };
}

/** Keyed hash: links rows to a person without a database dump being able to (docs/design.md "Anonymity design"). */
export function createHasher(secret: string) {
  return (purpose: string, value: string | number) =>
    createHmac('sha256', secret).update(`${purpose}:${value}`).digest('hex');
}
export type Hasher = ReturnType<typeof createHasher>;
