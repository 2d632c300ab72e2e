import type { DeadlineSettings } from '@candor/contract/deadlines';
import type { MyOrganization } from '@candor/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { myOrganizationQueryKey } from './get-my-organization';

export function setDeadlines(input: DeadlineSettings): Promise<MyOrganization> {
  return apiFetch<MyOrganization>('/api/organizations/deadlines/', { method: 'PUT', body: input });
}

export function useSetDeadlines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDeadlines,
    onSuccess: (organization) => queryClient.setQueryData(myOrganizationQueryKey, organization),
  });
}
