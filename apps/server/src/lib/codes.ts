import { randomBytesPooled } from './random';

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
  return groupsOfFour(base32Symbols(randomBytesPooled(16), 16));
}

/** A report's reference number, e.g. `CND-7K3Q-9XW2-M4TD`: 60 random bits. */
export function newReportReference(): string {
  return `CND-${groupsOfFour(base32Symbols(randomBytesPooled(12), 12))}`;
}

/**
 * The canonical form of a code a person typed: trimmed, upper-cased, the look-alike letters
 * mapped back to their symbols (I and L to 1, O to 0) and, unless kept, without separators.
 * One-time codes are compared and hashed without them; a report reference keeps its dashes, as
 * it is stored with them.
 */
export function normalizeHumanCode(input: string, options: { keepSeparators?: boolean } = {}) {
  const symbols = input.trim().toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  return options.keepSeparators ? symbols : symbols.replace(/[\s-]/g, '');
}
