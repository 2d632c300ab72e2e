import type { TwoFactorDisableInput } from '@candor/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { twoFactorStatusQueryKey } from './get-two-factor-status';

export function disableTwoFactor(input: TwoFactorDisableInput): Promise<void> {
  return apiFetch<void>('/api/two-factor/disable/', { method: 'POST', body: input });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
