import type { StaffTwoFactor } from '@candor/contract/two-factor';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const staffTwoFactorQueryKey = ['two-factor', 'staff'] as const;

export function getStaffTwoFactor(): Promise<StaffTwoFactor> {
  return apiFetch<StaffTwoFactor>('/api/two-factor/staff/');
}

export function useStaffTwoFactor() {
  return useQuery({ queryKey: staffTwoFactorQueryKey, queryFn: getStaffTwoFactor });
}
