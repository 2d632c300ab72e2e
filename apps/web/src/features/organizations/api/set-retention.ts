import type { MyOrganization } from '@candor/contract/organizations';
import type { RetentionSettings } from '@candor/contract/retention';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { myOrganizationQueryKey } from './get-my-organization';

export function setRetention(input: RetentionSettings): Promise<MyOrganization> {
  return apiFetch<MyOrganization>('/api/organizations/retention/', {
    method: 'PUT',
    body: input,
  });
}

export function useSetRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRetention,
    onSuccess: (organization) => queryClient.setQueryData(myOrganizationQueryKey, organization),
  });
}
