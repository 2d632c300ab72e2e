import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays intact. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A one-time code people type (claim codes, organisation join codes): 16 characters, 80 bits,
 * shown as `XXXX-XXXX-XXXX-XXXX`. Only its keyed hash is stored.
 */
export function newHumanCode(): string {
  const groups: string[] = [];
  for (let group = 0; group < GROUPS; group += 1) {
    let part = '';
    for (let index = 0; index < GROUP_LENGTH; index += 1) part += ALPHABET[randomInt(32)];
    groups.push(part);
  }
  return groups.join('-');
}

/** The canonical form a code is hashed in: upper case, without separators, I/L -> 1, O -> 0. */
export function normalizeHumanCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}
