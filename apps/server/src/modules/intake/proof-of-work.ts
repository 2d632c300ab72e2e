import type { ProofOfWorkChallenge } from '@candor/contract/intake';
import { proofOfWorkSchema } from '@candor/contract/intake';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { usedChallenges } from '../../db/schema';
import { AppError, BadRequestError } from '../../lib/errors';

/**
 * Proof of work against bulk use, without a third-party CAPTCHA (ALTCHA v2, deterministic mode):
 * the server picks a secret counter between a quarter of the level's largest counter and all of
 * it and gives the prefix of its SHA-256 key; the browser tries counters from 0 until one gives
 * that prefix. The work is that many hashes, bounded, not luck (bench/README.md has the time).
 *
 * The work grows with the load on what it protects, instead of closing it (docs/protection.md "Reporting
 * without an account"): each purpose has a budget an hour from everyone (reports to one
 * destination, receipts tried at /track); past it, every doubling of the hour's count asks for
 * twice the work, up to 2^MAX_LEVEL times. A flood pays more and more; a reporter in the middle
 * of one waits longer, and is never refused. Challenges are signed with their purpose and level,
 * expire, and are accepted once, across every process, in the database (`used_challenges`,
 * where an expired one is forgotten as new ones come).
 */
const CHALLENGE_TTL_SECONDS = 10 * 60;
const FAILED = 'The anti-abuse check did not pass. Send the form again.';
const EXPIRED = 'The anti-abuse check expired. Send the form again.';
export const MAX_LEVEL = 6;

/** What a proof is for: filing to one destination (0: the platform), or opening /track. */
export type ProofPurpose = { kind: 'intake'; destination: number } | { kind: 'track' };

const purposeName = (purpose: ProofPurpose) =>
  purpose.kind === 'intake' ? `intake:${purpose.destination}` : 'track';

/**
 * 428: the proof sent was made for a lower level than the load now asks (or none was sent where
 * one is needed). The client asks for a new challenge and sends again; nothing is lost.
 */
export class MoreWorkNeededError extends AppError {
  constructor() {
    super(
      428,
      'Many reports or receipts arrived in the last hour, so your browser is asked for a longer anti-abuse check. Send again: nothing you wrote is lost.',
    );
  }
}

/**
 * The level an attempt calls for, given the hour's count with it included: 0 up to the budget,
 * then one more for every doubling past it.
 */
export function levelForLoad(count: number, budget: number): number {
  if (count <= budget) return 0;
  return Math.min(MAX_LEVEL, Math.ceil(Math.log2(count / budget)));
}

function signingSecret(ctx: Pick<AppContext, 'hash'>) {
  return ctx.hash('intake.proof-of-work', 'v1');
}

export async function newChallenge(
  ctx: Pick<AppContext, 'hash' | 'config'>,
  purpose: ProofPurpose,
  level: number,
): Promise<ProofOfWorkChallenge> {
  const max = ctx.config.intake.proofOfWorkMaxCounter * 2 ** level;
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(Math.max(1, Math.floor(max / 4)), max),
    deriveKey,
    hmacSignatureSecret: signingSecret(ctx),
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    data: { purpose: purposeName(purpose), level },
  }) as Promise<ProofOfWorkChallenge>;
}

/** A proof that checked out: its level, and `spend` to accept it once. */
export type CheckedProof = {
  level: number;
  /** Records it as used in `db` (the filing's own transaction); a second use is refused. */
  spend(db: Executor): Promise<void>;
};

/**
 * Checks the `proof` field for `purpose`: a bad, expired or foreign one is refused with 400.
 * Nothing is spent yet: the caller spends it once it knows the level suffices.
 */
export async function checkProofOfWork(
  ctx: Pick<AppContext, 'hash'>,
  field: unknown,
  purpose: ProofPurpose,
): Promise<CheckedProof> {
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
  if (expired) throw new BadRequestError(EXPIRED);
  if (!verified || !challenge.signature) throw new BadRequestError(FAILED);
  // Signed with the challenge: a proof made for another purpose or destination is refused.
  const data = challenge.parameters.data ?? {};
  if (data.purpose !== purposeName(purpose)) throw new BadRequestError(FAILED);
  const level = typeof data.level === 'number' ? data.level : 0;
  const signature = challenge.signature;
  const expiresAt = new Date((challenge.parameters.expiresAt ?? 0) * 1000);
  return {
    level,
    async spend(db) {
      // Expired ones are refused anyway: forgotten as new ones come (an index range, small).
      await db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, new Date()));
      const rows = await db
        .insert(usedChallenges)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedChallenges.signature });
      if (rows.length === 0) throw new BadRequestError(FAILED);
    },
  };
}
