// @vitest-environment node
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '@/lib/i18n';
import { mockFetch } from '@/test/render';
import { trackClient } from './track-client';

const secret = 'test-signing-secret';

afterEach(() => vi.unstubAllGlobals());

describe('trackClient.openSession', () => {
  it('makes the proof /track asks for after many wrong receipts, and sends the receipt again', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 50,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    const sessions = [
      { status: 428, body: { detail: 'A longer check.' } },
      { body: { token: 't', expires_at: '2030-01-01T00:00:00Z' } },
    ];
    const { calls } = mockFetch({
      'POST /api/track/session/': () => sessions.shift() ?? { status: 500 },
      'GET /api/track/challenge/': { body: challenge },
    });
    const session = await trackClient.openSession({ receipt: '1234 5678 9012 3456' });
    expect(session).toMatchObject({ token: 't' });
    const posts = calls.filter((call) => call.key === 'POST /api/track/session/');
    expect(posts).toHaveLength(2);
    const resent = JSON.parse(String(posts[1]?.init.body));
    expect(resent.receipt).toBe('1234 5678 9012 3456');
    const proof = JSON.parse(resent.proof);
    const checked = await verifySolution({
      challenge: proof.challenge,
      solution: proof.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    });
    expect(checked.verified).toBe(true);
  });

  it("asks for the server's words in the page's language, and never sends a cookie", async () => {
    await activateLocale('ar');
    const { calls } = mockFetch({
      'POST /api/track/session/': { body: { token: 't', expires_at: '2030-01-01T00:00:00Z' } },
    });
    await trackClient.openSession({ receipt: '1234 5678 9012 3456' });
    const [sent] = calls;
    expect(new Headers(sent?.init.headers).get('accept-language')).toBe('ar');
    expect(sent?.init.credentials).toBe('omit');
    i18n.activate('en');
  });
});
