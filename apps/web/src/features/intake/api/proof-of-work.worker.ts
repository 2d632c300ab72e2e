/// <reference lib="webworker" />
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** Tries counters until the challenge's key prefix appears (ALTCHA v2, SHA-256, WebCrypto). */
self.onmessage = async (event: MessageEvent) => {
  try {
    const solution = await solveChallenge({ challenge: event.data, deriveKey, timeout: 60_000 });
    self.postMessage(solution ?? { error: 'The anti-abuse check took too long.' });
  } catch {
    self.postMessage({ error: 'The anti-abuse check could not be completed.' });
  }
};
