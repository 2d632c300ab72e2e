import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokenSigner } from './tokens';

const claims = { user_id: 7, role: 'user' as const, plan: 'free' as const, is_superuser: false };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('answers the same claims each time a token is verified', async () => {
    const signer = createAccessTokenSigner('s'.repeat(48), 300);
    const token = await signer.sign(claims);
    const first = await signer.verify(token);
    expect(first).toMatchObject(claims);
    expect(await signer.verify(token)).toEqual(first);
  });

  it('refuses a token verified before once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-01-01T00:00:00Z') });
    const signer = createAccessTokenSigner('s'.repeat(48), 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T00:00:59Z'));
    expect(await signer.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T00:01:00Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token whose signature was altered, after the genuine one was verified', async () => {
    const signer = createAccessTokenSigner('s'.repeat(48), 300);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).not.toBeNull();
    // The signature's first character carries six bits of it, none of them padding.
    const at = token.lastIndexOf('.') + 1;
    const altered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await signer.verify(altered)).toBeNull();
    expect(await createAccessTokenSigner('t'.repeat(48), 300).verify(token)).toBeNull();
  });
});
