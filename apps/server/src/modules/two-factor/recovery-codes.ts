import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@candor/contract/two-factor';
import type { Hasher } from '../../lib/crypto';

/** Lower-case letters and digits, less those easily misread (0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** Ten codes of ten characters (about 49 bits each), shown as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
      '',
    );
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * Recovery codes are stored as a keyed HMAC (OWNER_HASH_SECRET, lib/crypto.ts), not argon2id.
 * argon2id exists to slow down guessing of low-entropy secrets chosen by people; these codes are
 * random with ~49 bits each, and the key is not in the database, so a dump gives nothing to
 * guess against, while online guesses are limited per account (code-gate.ts). A keyed hash is
 * also deterministic, so a code is found (and removed, once) by an indexed lookup in the same
 * statement, instead of ten slow verifications on every attempt. The account id is part of the
 * hashed value: the same code of two accounts hashes apart.
 */
export function hashRecoveryCode(hash: Hasher, userId: number, code: string): string {
  const normalised = code.replace(/[\s-]+/g, '').toLowerCase();
  return hash('two-factor.recovery-code', `${userId}:${normalised}`);
}
