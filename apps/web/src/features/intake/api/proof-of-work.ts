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

/** A challenge solved ahead of need, good until shortly before it expires. */
type Prepared = { proof: string; usableUntil: number; source: string };
/** The server's challenge lives ten minutes; one about to lapse is not worth sending. */
const MARGIN_MS = 60_000;
let prepared: Promise<Prepared> | null = null;

/**
 * Where a filing's challenge comes from: one for the link's organisation, or the platform's. A
 * proof is made for one destination (docs/protection.md "Reporting without an account").
 */
export function challengeSource(slug: string | null): string {
  return slug === null
    ? '/api/intake/challenge/'
    : `/api/intake/challenge/?slug=${encodeURIComponent(slug)}`;
}

async function prepare(source: string, signal?: AbortSignal): Promise<Prepared> {
  const challenge = await apiFetch<ProofOfWorkChallenge>(source, { auth: false, signal });
  const solution = await solve(challenge);
  const expiresAt = challenge.parameters.expiresAt;
  return {
    proof: JSON.stringify({ challenge, solution }),
    usableUntil: expiresAt === undefined ? Number.POSITIVE_INFINITY : expiresAt * 1000 - MARGIN_MS,
    source,
  };
}

/**
 * Starts solving while the visitor writes (the intake form calls it when they first turn to it), so
 * sending rarely waits for the work (bench/README.md "Proof of work in the browser"). A failure here is
 * not shown: `proveWork` tries again when the form is sent.
 */
export function prepareProofOfWork(slug: string | null) {
  if (prepared) return;
  const attempt = prepare(challengeSource(slug));
  prepared = attempt;
  attempt.catch(() => {
    if (prepared === attempt) prepared = null;
  });
}

/**
 * The `proof` field of the intake form: a fresh challenge from the server, solved here (README
 * "Reporting without an account"), or the one prepared while the form was filled in. A proof is
 * accepted once, so each is handed out once. No third party is involved.
 */
export async function proveWork(slug: string | null, signal?: AbortSignal): Promise<string> {
  const source = challengeSource(slug);
  const ready = prepared;
  prepared = null;
  if (ready) {
    const result = await ready.catch(() => null);
    if (result && result.source === source && Date.now() < result.usableUntil) return result.proof;
  }
  return (await prepare(source, signal)).proof;
}

/**
 * A proof for /track, when it asks for one (428: many wrong receipts were tried in the last hour
 * from everyone): a fresh challenge of `GET /api/track/challenge/`, solved here. Undefined when
 * the server no longer asks.
 */
export async function proveTrackWork(signal?: AbortSignal): Promise<string | undefined> {
  const challenge = await apiFetch<ProofOfWorkChallenge | null>('/api/track/challenge/', {
    auth: false,
    signal,
  });
  if (!challenge) return undefined;
  return JSON.stringify({ challenge, solution: await solve(challenge) });
}
