import type { TwoFactorEnrolment } from '@candor/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** A new secret, shown once (QR code and text). */
export function startEnrolment(): Promise<TwoFactorEnrolment> {
  return apiFetch<TwoFactorEnrolment>('/api/two-factor/enrolment/', { method: 'POST' });
}

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}
