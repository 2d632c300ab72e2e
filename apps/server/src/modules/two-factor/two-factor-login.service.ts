import type { TokenPair } from '@candor/contract/accounts';
import type { twoFactorLoginInputSchema } from '@candor/contract/two-factor';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { insertAuditEntry } from '../audit/audit.service';
import { startSession } from '../users/sessions.service';
import { findUserById } from '../users/users.service';
import { takeCodeAttempt } from './code-gate';
import { hashRecoveryCode } from './recovery-codes';
import * as repo from './two-factor.repository';
import { acceptTotp, WRONG_CODE } from './verify-code';

const CHALLENGE_EXPIRED = 'The sign-in has expired. Sign in again with your password.';
const WRONG_RECOVERY_CODE = 'That recovery code is not valid, or it has been used already.';

type LoginStep = z.output<typeof twoFactorLoginInputSchema>;

/**
 * The second step of a login (docs/operating.md "Second factor"): the challenge the password step answered
 * and a code from the authenticator app, or one of the recovery codes (used up by this). Wrong
 * codes count against the account (code-gate.ts). Answers a login that gave the second factor.
 */
export async function completeLogin(ctx: AppContext, input: LoginStep): Promise<TokenPair> {
  const userId = await ctx.accessTokens.verifyChallenge(input.challenge);
  if (userId === null) throw new UnauthorizedError(CHALLENGE_EXPIRED);
  const attempt = await takeCodeAttempt(ctx, userId);
  const tokens = await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    const credential = await repo.lockCredential(tx, userId);
    if (!user?.isActive || !credential?.isEnabled) throw new UnauthorizedError(CHALLENGE_EXPIRED);
    if ('code' in input) {
      if (!(await acceptTotp(ctx, tx, credential, input.code))) return null;
    } else {
      const codeHash = hashRecoveryCode(ctx.hash, userId, input.recovery_code);
      if (!(await repo.useRecoveryCode(tx, userId, codeHash))) return null;
      await insertAuditEntry(tx, {
        actorUserId: userId,
        actorRole: user.isSuperuser ? 'superuser' : 'admin',
        action: 'user.two_factor_recovery_code_used',
        objectType: 'user',
        objectId: userId,
        details: { recovery_codes_left: await repo.countRecoveryCodes(tx, userId) },
      });
    }
    return startSession(ctx, tx, user, true);
  });
  if (!tokens) {
    throw new BadRequestError('code' in input ? WRONG_CODE : WRONG_RECOVERY_CODE);
  }
  await attempt.succeeded();
  return tokens;
}
