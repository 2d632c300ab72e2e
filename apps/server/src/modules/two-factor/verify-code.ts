import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sealedColumns } from '../../db/sealed-columns';
import { matchingStep } from './totp';
import { type CredentialRow, updateCredential } from './two-factor.repository';

export const WRONG_CODE = 'That code is not valid. Check your authenticator app and try again.';

const SECRET_PURPOSE = sealedColumns.twoFactorSecret.purpose;
const STEP_PURPOSE = sealedColumns.twoFactorLastStep.purpose;

/**
 * Checks an authenticator code against the credential, locked by the caller's transaction
 * (repo.lockCredential), and records its time step: a code is accepted once, and no code of an
 * earlier step after it (no replay within the window). The step is sealed (schema.ts says why).
 */
export async function acceptTotp(
  ctx: Pick<AppContext, 'sealer'>,
  tx: Executor,
  credential: CredentialRow,
  code: string,
): Promise<boolean> {
  const secret = ctx.sealer.openText(credential.secret, SECRET_PURPOSE);
  const step = matchingStep(secret, code);
  if (step === null) return false;
  if (credential.lastStep) {
    const last = ctx.sealer.openJson<{ step: number }>(credential.lastStep, STEP_PURPOSE);
    if (step <= last.step) return false;
  }
  await updateCredential(tx, credential.userId, {
    lastStep: ctx.sealer.sealJson({ step }, STEP_PURPOSE),
  });
  return true;
}
