// @vitest-environment node
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/render';

const secret = 'test-signing-secret';
const CHALLENGE = 'GET /api/intake/challenge/';

/** A real challenge as the server makes it, small enough to solve at once. */
function challenge(expiresInSeconds: number) {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 50,
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
  });
}

async function freshModule() {
  // The prepared proof lives in the module: each test starts with none.
  vi.resetModules();
  return import('./proof-of-work');
}

async function expectValid(proof: string) {
  const { challenge: sent, solution } = JSON.parse(proof);
  const result = await verifySolution({
    challenge: sent,
    solution,
    deriveKey,
    hmacSignatureSecret: secret,
  });
  expect(result.verified).toBe(true);
}

describe('proof of work', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('is solved when the form opens, so sending uses it without asking again', async () => {
    const ready = await challenge(600);
    const { calls } = mockFetch({ [CHALLENGE]: { body: ready } });
    const { prepareProofOfWork, proveWork } = await freshModule();
    prepareProofOfWork(null);
    prepareProofOfWork(null);
    expect(calls.filter((call) => call.key === CHALLENGE)).toHaveLength(1);
    const proof = await proveWork(null);
    expect(calls.filter((call) => call.key === CHALLENGE)).toHaveLength(1);
    expect(JSON.parse(proof).challenge.parameters.nonce).toBe(ready.parameters.nonce);
    await expectValid(proof);
  });

  it('hands each proof out once: the next sending solves a new challenge', async () => {
    const first = await challenge(600);
    const second = await challenge(600);
    const answers = [first, second];
    const { calls } = mockFetch({ [CHALLENGE]: () => ({ body: answers.shift() }) });
    const { prepareProofOfWork, proveWork } = await freshModule();
    prepareProofOfWork(null);
    await proveWork(null);
    const again = await proveWork(null);
    expect(calls.filter((call) => call.key === CHALLENGE)).toHaveLength(2);
    expect(JSON.parse(again).challenge.parameters.nonce).toBe(second.parameters.nonce);
    await expectValid(again);
  });

  it('does not send a prepared proof that is about to expire', async () => {
    const lapsing = await challenge(30);
    const fresh = await challenge(600);
    const answers = [lapsing, fresh];
    mockFetch({ [CHALLENGE]: () => ({ body: answers.shift() }) });
    const { prepareProofOfWork, proveWork } = await freshModule();
    prepareProofOfWork(null);
    const proof = await proveWork(null);
    expect(JSON.parse(proof).challenge.parameters.nonce).toBe(fresh.parameters.nonce);
    await expectValid(proof);
  });

  it('tries again when sending if the early attempt failed', async () => {
    const fresh = await challenge(600);
    const answers = [{ status: 503, body: { detail: 'Service unavailable.' } }, { body: fresh }];
    const { calls } = mockFetch({ [CHALLENGE]: () => answers.shift() ?? { status: 500 } });
    const { prepareProofOfWork, proveWork } = await freshModule();
    prepareProofOfWork(null);
    const proof = await proveWork(null);
    expect(calls.filter((call) => call.key === CHALLENGE)).toHaveLength(2);
    await expectValid(proof);
  });

  it('asks the link’s organisation for its challenge, and keeps proofs of one destination apart', async () => {
    const forPlatform = await challenge(600);
    const forAcme = await challenge(600);
    const answers = [forPlatform, forAcme];
    const { calls } = mockFetch({ [CHALLENGE]: () => ({ body: answers.shift() }) });
    const { prepareProofOfWork, proveWork } = await freshModule();
    prepareProofOfWork(null);
    const proof = await proveWork('acme');
    // The one prepared for the platform is not handed to a filing to an organisation.
    expect(JSON.parse(proof).challenge.parameters.nonce).toBe(forAcme.parameters.nonce);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/intake/challenge/',
      '/api/intake/challenge/?slug=acme',
    ]);
  });
});
