import { randomFillSync } from 'node:crypto';

/**
 * Random bytes from the system's CSPRNG, drawn 4 KiB at a time. A filing seals half a dozen
 * values and draws a reference; each `randomBytes` call costs a few microseconds of fixed work
 * whatever its size, most of a draw of 12 to 56 bytes (bench/README.md "Writes against one
 * insert"). Node's own `randomUUID` keeps entropy ahead the same way.
 *
 * Each byte is handed out once: the caller gets its own copy, and the bytes it took are zeroed
 * in the pool at once. So the pool holds only bytes no value has used yet; whoever could read
 * them could read the master keys beside them. Draws larger than a quarter of the pool go to
 * the system's source directly.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let next = POOL_BYTES;

export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_BYTES / 4) return randomFillSync(Buffer.alloc(size));
  if (next + size > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  // Its own memory, not a slice of the pool or of Node's shared one.
  const drawn = Buffer.alloc(size);
  pool.copy(drawn, 0, next, next + size);
  pool.fill(0, next, next + size);
  next += size;
  return drawn;
}
