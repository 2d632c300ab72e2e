import type { MyOrganization } from '@candor/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { myOrganizationQueryKey } from './get-my-organization';

/** Its administrator shows (or stops showing) handlers' names to reporters beside their labels. */
export function useSetReaderNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shown: boolean) =>
      apiFetch<MyOrganization>('/api/organizations/mine/', {
        method: 'PATCH',
        body: { reader_names_shown: shown },
      }),
    onSuccess: (organization) => queryClient.setQueryData(myOrganizationQueryKey, organization),
  });
}
