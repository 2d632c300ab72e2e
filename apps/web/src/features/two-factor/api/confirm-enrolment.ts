import type { TwoFactorCodeInput, TwoFactorEnabled } from '@candor/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The first code turns it on: the recovery codes (shown once) and a new login. */
export function confirmEnrolment(input: TwoFactorCodeInput): Promise<TwoFactorEnabled> {
  return apiFetch<TwoFactorEnabled>('/api/two-factor/enrolment/confirm/', {
    method: 'POST',
    body: input,
  });
}

export function useConfirmEnrolment() {
  return useMutation({ mutationFn: confirmEnrolment });
}
