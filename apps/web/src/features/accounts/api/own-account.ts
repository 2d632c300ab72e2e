import type { ChangePasswordInput, DeleteAccountInput, TokenPair } from '@candor/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiFetchResponse } from '@/lib/api-client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch<TokenPair>('/api/accounts/password/', { method: 'POST', body: input }),
  });
}

/** The account's data as a JSON file, generated on request. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiFetchResponse('/api/accounts/my-data/');
      return response.blob();
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiFetch<null>('/api/accounts/delete/', { method: 'POST', body: input }),
  });
}
