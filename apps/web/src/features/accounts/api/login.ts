import type { LoginInput, TokenPair } from '@candor/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function login(input: LoginInput): Promise<TokenPair> {
  return apiFetch<TokenPair>('/api/accounts/login/', { method: 'POST', body: input, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
