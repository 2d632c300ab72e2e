import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { myOrganizationQueryKey } from './get-my-organization';

export function leaveOrganization(): Promise<null> {
  return apiFetch<null>('/api/organizations/leave/', { method: 'POST' });
}

export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganization,
    onSuccess: () => queryClient.setQueryData(myOrganizationQueryKey, null),
  });
}
