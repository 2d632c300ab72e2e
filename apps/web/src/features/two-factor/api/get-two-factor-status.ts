import type { TwoFactorStatus } from '@candor/contract/two-factor';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const twoFactorStatusQueryKey = ['two-factor', 'status'] as const;

export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return apiFetch<TwoFactorStatus>('/api/two-factor/');
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorStatusQueryKey, queryFn: getTwoFactorStatus });
}
