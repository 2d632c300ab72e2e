import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app';
import type { TestUser } from './factories';

/** The code an authenticator app would show for `secret`, `offsetSteps` steps of 30 s from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

export type Enrolled = {
  secret: string;
  recoveryCodes: string[];
  headers: { authorization: string };
};

/** Enrols `user` through the API with a code of this step; answers the new login's headers. */
export async function enrol(t: TestApp, user: TestUser): Promise<Enrolled> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/two-factor/enrolment/',
    headers: user.headers,
    payload: { password: user.password },
  });
  if (started.statusCode !== 201) throw new Error(`enrolment failed: ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/two-factor/enrolment/confirm/',
    headers: user.headers,
    payload: { code: totpCode(secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  const body = confirmed.json() as { recovery_codes: string[]; tokens: { access: string } };
  return {
    secret,
    recoveryCodes: body.recovery_codes,
    headers: { authorization: `Bearer ${body.tokens.access}` },
  };
}

/** A full sign-in: password, then a code of the next step (the enrolment used this one). */
export async function signInWithCode(
  t: TestApp,
  user: Pick<TestUser, 'username' | 'password'>,
  secret: string,
): Promise<{ authorization: string }> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: { username: user.username, password: user.password },
  });
  const { challenge } = first.json() as { challenge?: string };
  if (!challenge) throw new Error(`no second-factor challenge: ${first.body}`);
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/two-factor/login/',
    payload: { challenge, code: totpCode(secret, 1) },
  });
  if (second.statusCode !== 200) throw new Error(`code step failed: ${second.body}`);
  return { authorization: `Bearer ${(second.json() as { access: string }).access}` };
}
