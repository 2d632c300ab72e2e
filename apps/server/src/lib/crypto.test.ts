import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, DecryptionError, parseKeyring } from './crypto';

const keyring = parseKeyring(`k1:${Buffer.alloc(32, 3).toString('base64')}`);

describe('a sealed value, read by an independent parser', () => {
  it('has its own data key and two nonces of its own, none shared with another value', () => {
    const sealer = createSealer(keyring);
    const seen = new Set<string>();
    for (let index = 0; index < 200; index += 1) {
      const sealed = sealer.seal('The same words each time', 'test.purpose');
      // version, key id length, key id "k1", then the wrapped data key (nonce, tag, key) and
      // the body (nonce, tag, text).
      expect([sealed[0], sealed[1], sealed.subarray(2, 4).toString()]).toEqual([1, 2, 'k1']);
      const wrappedNonce = sealed.subarray(4, 16);
      const wrappedTag = sealed.subarray(16, 32);
      const unwrap = createDecipheriv('aes-256-gcm', Buffer.alloc(32, 3), wrappedNonce);
      unwrap.setAAD(Buffer.from('k1test.purpose'));
      unwrap.setAuthTag(wrappedTag);
      const dataKey = Buffer.concat([unwrap.update(sealed.subarray(32, 64)), unwrap.final()]);
      const bodyNonce = sealed.subarray(64, 76);
      const body = createDecipheriv('aes-256-gcm', dataKey, bodyNonce);
      body.setAAD(Buffer.from('test.purpose'));
      body.setAuthTag(sealed.subarray(76, 92));
      const text = Buffer.concat([body.update(sealed.subarray(92)), body.final()]).toString();
      expect(text).toBe('The same words each time');
      for (const part of [wrappedNonce, bodyNonce, dataKey]) seen.add(part.toString('hex'));
      expect(dataKey.includes(wrappedNonce) || dataKey.includes(bodyNonce)).toBe(false);
    }
    expect(seen.size).toBe(600);
  });
});

describe('a sealer that keeps opened values', () => {
  it('opens a value again to the same text, and hands out a new object each time', () => {
    const sealer = createSealer(keyring, { keepsOpened: true });
    const sealed = sealer.sealJson({ message: 'Status changed' }, 'test.purpose');
    const first = sealer.openJson<{ message: string }>(sealed, 'test.purpose');
    first.message = 'changed by a caller';
    expect(sealer.openJson(sealed, 'test.purpose')).toEqual({ message: 'Status changed' });
  });

  it('still refuses an altered value or another purpose after the genuine one was opened', () => {
    const sealer = createSealer(keyring, { keepsOpened: true });
    const sealed = sealer.seal('What happened', 'test.purpose');
    expect(sealer.openText(sealed, 'test.purpose')).toBe('What happened');
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] as number) ^ 1;
    expect(() => sealer.openText(altered, 'test.purpose')).toThrow(DecryptionError);
    expect(() => sealer.openText(sealed, 'other.purpose')).toThrow(DecryptionError);
  });

  it('keeps an opened value for ten minutes from its opening at most', () => {
    const keys = new Map(keyring.keys);
    let now = 1_000_000;
    const sealer = createSealer({ ...keyring, keys }, { keepsOpened: true, now: () => now });
    const sealed = sealer.seal('Seen a while ago', 'test.purpose');
    expect(sealer.openText(sealed, 'test.purpose')).toBe('Seen a while ago');
    keys.clear();
    now += 10 * 60_000 - 1;
    expect(sealer.openText(sealed, 'test.purpose')).toBe('Seen a while ago');
    now += 2;
    expect(() => sealer.openText(sealed, 'test.purpose')).toThrow(DecryptionError);
  });

  it('holds no opened value once told to forget them', () => {
    const keys = new Map(keyring.keys);
    const sealer = createSealer({ ...keyring, keys }, { keepsOpened: true });
    const sealed = sealer.seal('A message of a purged report', 'test.purpose');
    expect(sealer.openText(sealed, 'test.purpose')).toBe('A message of a purged report');
    // Without its key, only a value still kept in memory can be read.
    keys.clear();
    expect(sealer.openText(sealed, 'test.purpose')).toBe('A message of a purged report');
    const generation = sealer.openedGeneration;
    sealer.forgetOpened();
    expect(() => sealer.openText(sealed, 'test.purpose')).toThrow(DecryptionError);
    // Caches of opened values kept elsewhere (the notices) see it and empty too.
    expect(sealer.openedGeneration).not.toBe(generation);
  });
});
