import { describe, expect, it } from 'vitest';
import { randomBytesPooled } from './random';

describe('randomBytesPooled', () => {
  it('hands out each byte once: draws across many refills of the pool are all distinct', () => {
    // 1,000 draws of a seal's 56 bytes: the 4 KiB pool is refilled fourteen times.
    const draws = Array.from({ length: 1000 }, () => randomBytesPooled(56));
    expect(new Set(draws.map((draw) => draw.toString('hex'))).size).toBe(1000);
    // No draw overlaps another: a 12-byte window of one found in no other draw.
    const windows = new Set(draws.map((draw) => draw.subarray(20, 32).toString('hex')));
    expect(windows.size).toBe(1000);
    // About half the bits set: 448,000 bits, where 0.49 or 0.51 is thirteen deviations away.
    let ones = 0;
    for (const draw of draws)
      for (const byte of draw) for (let bit = 0; bit < 8; bit += 1) ones += (byte >> bit) & 1;
    expect(ones / (draws.length * 56 * 8)).toBeGreaterThan(0.49);
    expect(ones / (draws.length * 56 * 8)).toBeLessThan(0.51);
  });

  it('gives each caller its own memory, so wiping one draw changes no other', () => {
    const first = randomBytesPooled(32);
    const second = randomBytesPooled(32);
    const kept = Buffer.from(second);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(32);
    first.fill(0);
    expect(second).toEqual(kept);
  });

  it('answers every size asked, large ones from the system source directly', () => {
    for (const size of [0, 1, 12, 1024, 1025, 5000]) {
      expect(randomBytesPooled(size)).toHaveLength(size);
    }
    expect(randomBytesPooled(5000).equals(Buffer.alloc(5000))).toBe(false);
  });
});
