import type { LoginAnswer, LoginInput } from '@candor/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The token pair, or, for an account with a second factor, the challenge for its code. */
export function login(input: LoginInput, signal?: AbortSignal): Promise<LoginAnswer> {
  return apiFetch<LoginAnswer>('/api/accounts/login/', {
    method: 'POST',
    body: input,
    auth: false,
    signal,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: ({ signal, ...input }: LoginInput & { signal?: AbortSignal }) =>
      login(input, signal),
  });
}
