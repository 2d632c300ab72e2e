import * as openpgp from 'openpgp';
import { BadRequestError } from '../../lib/errors';

const KEY_MAX_CHARS = 100_000;

export type CheckedKey = { armored: string; fingerprint: string };

/** Why a key cannot be used, or null when it can encrypt to its holder now. */
async function problemOf(key: openpgp.Key, now: Date): Promise<string | null> {
  if (key.isPrivate()) {
    return 'This is a private key. Paste your public key only: keep the private key to yourself.';
  }
  if (await key.isRevoked(undefined, undefined, now)) return 'This key was revoked.';
  const expires = await key.getExpirationTime();
  if (expires instanceof Date && expires.getTime() <= now.getTime()) return 'This key has expired.';
  try {
    await key.getEncryptionKey(undefined, now);
  } catch {
    return 'This key cannot encrypt (no valid encryption subkey): it may be expired or revoked.';
  }
  return null;
}

/**
 * Reads an armored OpenPGP public key and checks that it can encrypt now: not private, revoked or
 * expired, with a valid encryption subkey. Answers it with its fingerprint; 400 otherwise.
 */
export async function checkPublicKey(armored: string, now: Date = new Date()): Promise<CheckedKey> {
  const text = armored.trim();
  if (text.length > KEY_MAX_CHARS) throw new BadRequestError('This key is too long.');
  let key: openpgp.Key;
  try {
    key = await openpgp.readKey({ armoredKey: text });
  } catch {
    throw new BadRequestError(
      'This is not an OpenPGP public key. Paste the armored key, from -----BEGIN PGP PUBLIC KEY BLOCK----- to its end.',
    );
  }
  const problem = await problemOf(key, now);
  if (problem) throw new BadRequestError(problem);
  return { armored: key.armor(), fingerprint: key.getFingerprint().toUpperCase() };
}

/** Encrypts to the key, or answers null when it can no longer encrypt (expired, revoked since). */
export async function encryptTo(armoredKey: string, text: string): Promise<string | null> {
  const key = await openpgp.readKey({ armoredKey });
  if (await problemOf(key, new Date())) return null;
  const message = await openpgp.createMessage({ text, format: 'utf8' });
  return (await openpgp.encrypt({ message, encryptionKeys: key, format: 'armored' })) as string;
}

/** The fingerprint in groups of four, as key tools show it. */
export function formatFingerprint(fingerprint: string): string {
  return fingerprint.match(/.{1,4}/g)?.join(' ') ?? fingerprint;
}
