import type { MyOrganization, UpdateMyOrganizationInput } from '@candor/contract/organizations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The same query as the organisation card's, so both show one answer. */
const mineKey = ['organizations', 'mine'] as const;

export function useIntakeSettings() {
  return useQuery({
    queryKey: mineKey,
    queryFn: () => apiFetch<MyOrganization>('/api/organizations/mine/'),
  });
}

/** Its administrator turns reports without an account on or off (or renames the organisation). */
export function useUpdateIntakeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMyOrganizationInput) =>
      apiFetch<MyOrganization>('/api/organizations/mine/', { method: 'PATCH', body: input }),
    onSuccess: (organization) => queryClient.setQueryData(mineKey, organization),
  });
}
