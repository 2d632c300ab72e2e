import type { TwoFactorEnrolment, TwoFactorPasswordInput } from '@candor/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** A new secret, shown once (QR code and text); asks for the current password. */
export function startEnrolment(input: TwoFactorPasswordInput): Promise<TwoFactorEnrolment> {
  return apiFetch<TwoFactorEnrolment>('/api/two-factor/enrolment/', {
    method: 'POST',
    body: input,
  });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}
