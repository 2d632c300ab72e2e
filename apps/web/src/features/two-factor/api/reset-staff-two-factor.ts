import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { staffTwoFactorQueryKey } from './get-staff-two-factor';

/** The superuser removes a staff member's second factor (a lost phone). */
export function resetStaffTwoFactor(userId: number): Promise<void> {
  return apiFetch<void>(`/api/two-factor/staff/${userId}/`, { method: 'DELETE' });
}

export function useResetStaffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffTwoFactorQueryKey }),
  });
}
