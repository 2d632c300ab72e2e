import type { RecoveryCodesAnswer, TwoFactorPasswordInput } from '@candor/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { twoFactorStatusQueryKey } from './get-two-factor-status';

/** Ten new recovery codes, shown once; the earlier ones stop working. */
export function renewRecoveryCodes(input: TwoFactorPasswordInput): Promise<RecoveryCodesAnswer> {
  return apiFetch<RecoveryCodesAnswer>('/api/two-factor/recovery-codes/', {
    method: 'POST',
    body: input,
  });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}
