import type { ProofOfWorkChallenge } from '@candor/contract/intake';
import { apiFetch } from '@/lib/api-client';

type Solution = { counter: number; derivedKey: string; time?: number };

/** Solves in a Web Worker, so the page stays responsive; in the page where there is none. */
async function solve(challenge: ProofOfWorkChallenge): Promise<Solution> {
  if (typeof Worker === 'undefined') {
    const [{ solveChallenge }, { deriveKey }] = await Promise.all([
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/sha'),
    ]);
    const solution = await solveChallenge({ challenge, deriveKey } as Parameters<
      typeof solveChallenge
    >[0]);
    if (!solution) throw new Error('The anti-abuse check could not be completed.');
    return solution;
  }
  const worker = new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), {
    type: 'module',
  });
  try {
    return await new Promise<Solution>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Solution | { error: string }>) =>
        'error' in event.data ? reject(new Error(event.data.error)) : resolve(event.data);
      worker.onerror = () => reject(new Error('The anti-abuse check could not be completed.'));
      worker.postMessage(challenge);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * The `proof` field of the intake form: a fresh challenge from the server, solved here (README
 * "Reporting without an account"). No third party is involved.
 */
export async function proveWork(): Promise<string> {
  const challenge = await apiFetch<ProofOfWorkChallenge>('/api/intake/challenge/', {
    auth: false,
  });
  const solution = await solve(challenge);
  return JSON.stringify({ challenge, solution });
}
