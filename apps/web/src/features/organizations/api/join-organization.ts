import type { JoinOrganizationInput, MyOrganization } from '@candor/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { myOrganizationQueryKey } from './get-my-organization';

export function joinOrganization(input: JoinOrganizationInput): Promise<MyOrganization> {
  return apiFetch<MyOrganization>('/api/organizations/join/', { method: 'POST', body: input });
}

export function useJoinOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinOrganization,
    onSuccess: (organization) => queryClient.setQueryData(myOrganizationQueryKey, organization),
  });
}
