import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AppContext } from '../../context';

/**
 * Receipts (docs/design.md "Receipts"): 16 random decimal digits, log2(10^16) = 53.1 bits, shown as
 * four groups of four. Stored only as argon2id with a server pepper, plus the first 24 bits of a
 * keyed hash as a lookup key: enough to find the few rows to check, too few to name one, so even
 * someone holding the server's secret must run argon2id for each guess at a report.
 */
export const RECEIPT_DIGITS = 16;
const LOOKUP_HEX_CHARS = 6;

export function newReceipt(): string {
  let digits = '';
  for (let index = 0; index < RECEIPT_DIGITS; index += 1) digits += String(randomInt(10));
  return digits;
}

export function formatReceipt(digits: string): string {
  return digits.match(/.{4}/g)?.join(' ') ?? digits;
}

type Keys = Pick<AppContext, 'hash'>;

export function receiptLookupKey(ctx: Keys, digits: string): string {
  return ctx.hash('receipt.lookup', digits).slice(0, LOOKUP_HEX_CHARS);
}

/** The pepper is derived from the server's hashing secret: it never reaches the database. */
function pepper(ctx: Keys): Buffer {
  return Buffer.from(ctx.hash('receipt.pepper', 'v1'), 'hex');
}

export function hashReceipt(ctx: Keys, digits: string): Promise<string> {
  return hash(digits, { secret: pepper(ctx) });
}

export async function isReceiptOf(ctx: Keys, receiptHash: string, digits: string) {
  try {
    return await verify(receiptHash, digits, { secret: pepper(ctx) });
  } catch {
    return false;
  }
}

const dummyHashes = new WeakMap<object, Promise<string>>();

/**
 * Spends the time of one real check when no row shares the lookup key, so a wrong receipt does
 * not answer faster than a right one would.
 */
export async function checkAgainstDummy(ctx: Keys, digits: string): Promise<false> {
  let dummy = dummyHashes.get(ctx);
  if (!dummy) {
    dummy = hashReceipt(ctx, newReceipt());
    dummyHashes.set(ctx, dummy);
  }
  await isReceiptOf(ctx, await dummy, digits);
  return false;
}
