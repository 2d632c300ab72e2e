import type { TokenPair } from '@candor/contract/accounts';
import type { TwoFactorLoginInput } from '@candor/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The login's second step: the challenge with an authenticator or a recovery code. */
export function completeTwoFactorLogin(input: TwoFactorLoginInput): Promise<TokenPair> {
  return apiFetch<TokenPair>('/api/two-factor/login/', {
    method: 'POST',
    body: input,
    auth: false,
  });
}

export function useCompleteTwoFactorLogin() {
  return useMutation({ mutationFn: completeTwoFactorLogin });
}
