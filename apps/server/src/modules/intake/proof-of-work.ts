import type { ProofOfWorkChallenge } from '@candor/contract/intake';
import { proofOfWorkSchema } from '@candor/contract/intake';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { errorSummary } from '../../lib/logger';

/**
 * Proof of work against bulk filing, without a third-party CAPTCHA (ALTCHA v2, deterministic
 * mode): the server picks a secret counter between a quarter of INTAKE_PROOF_OF_WORK and all of
 * it and gives the prefix of its SHA-256 key; the browser tries counters from 0 until one gives
 * that prefix. The work is that many hashes, bounded, not luck (bench/README.md has the time).
 * Challenges are signed, expire, and are accepted once (counted in the shared counters).
 */
const CHALLENGE_TTL_SECONDS = 10 * 60;
const FAILED = 'The anti-abuse check did not pass. Send the form again.';

function signingSecret(ctx: Pick<AppContext, 'hash'>) {
  return ctx.hash('intake.proof-of-work', 'v1');
}

export async function newChallenge(
  ctx: Pick<AppContext, 'hash' | 'config'>,
): Promise<ProofOfWorkChallenge> {
  const max = ctx.config.intake.proofOfWorkMaxCounter;
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.max(1, Math.floor(max / 4)), max),
    deriveKey,
    hmacSignatureSecret: signingSecret(ctx),
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
  }) as Promise<ProofOfWorkChallenge>;
}

/** Checks the `proof` field; refuses a bad, expired or already used one with 400. */
export async function checkProofOfWork(
  ctx: Pick<AppContext, 'hash' | 'config' | 'counters' | 'log'>,
  field: unknown,
): Promise<void> {
  let parsed: ReturnType<typeof proofOfWorkSchema.safeParse>;
  try {
    parsed = proofOfWorkSchema.safeParse(JSON.parse(String(field)));
  } catch {
    throw new BadRequestError(FAILED);
  }
  if (!parsed.success) throw new BadRequestError(FAILED);
  const { challenge, solution } = parsed.data;
  let verified = false;
  let expired = false;
  try {
    const result = await verifySolution({
      challenge: challenge as Parameters<typeof verifySolution>[0]['challenge'],
      solution,
      deriveKey,
      hmacSignatureSecret: signingSecret(ctx),
    });
    verified = result.verified;
    expired = result.expired;
  } catch {
    // Parameters the library refuses (a foreign algorithm, a malformed prefix) are a bad proof.
    verified = false;
  }
  if (expired) throw new BadRequestError('The anti-abuse check expired. Send the form again.');
  if (!verified) throw new BadRequestError(FAILED);
  try {
    const used = await ctx.counters.hit(
      `pow-used:${challenge.signature}`,
      CHALLENGE_TTL_SECONDS * 1000,
    );
    if (used.count > 1) throw new BadRequestError(FAILED);
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    ctx.log.warn({ error: errorSummary(error) }, 'proof-of-work counters unavailable');
  }
}
