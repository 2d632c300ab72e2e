import type { JoinCode } from '@candor/contract/organizations';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** A new code, answered once; the previous one stops working. */
export function generateJoinCode(): Promise<JoinCode> {
  return apiFetch<JoinCode>('/api/organizations/join-code/', { method: 'POST' });
}

export function useGenerateJoinCode() {
  return useMutation({ mutationFn: generateJoinCode });
}
