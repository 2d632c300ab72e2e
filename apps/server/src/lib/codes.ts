import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand stays intact. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Each byte gives one symbol (its low five bits), so every symbol is equally likely. */
export function base32Symbols(bytes: Buffer, count: number): string {
  let out = '';
  for (let index = 0; index < count; index += 1) {
    out += ALPHABET[(bytes[index % bytes.length] as number) & 31];
  }
  return out;
}

export function groupsOfFour(symbols: string): string {
  return symbols.match(/.{1,4}/g)?.join('-') ?? symbols;
}

/**
 * A one-time code people type (claim codes, organisation join codes): 16 characters, 80 bits,
 * shown as `XXXX-XXXX-XXXX-XXXX`. Only its keyed hash is stored.
 */
export function newHumanCode(): string {
  return groupsOfFour(base32Symbols(randomBytes(16), 16));
}

/** A report's reference number, e.g. `CND-7K3Q-9XW2-M4TD`: 60 random bits. */
export function newReportReference(): string {
  return `CND-${groupsOfFour(base32Symbols(randomBytes(12), 12))}`;
}

/** Upper-cases and maps the look-alike letters a person may type back to their symbols. */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** The canonical form a typed code is compared or hashed in: normalised, without separators. */
export function normalizeHumanCode(input: string): string {
  return normaliseCode(input).replace(/[\s-]/g, '');
}
