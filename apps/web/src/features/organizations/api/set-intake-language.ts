import type { Language } from '@candor/contract/languages';
import type { MyOrganization } from '@candor/contract/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { myOrganizationQueryKey } from './get-my-organization';

/** Its administrator sets the language the intake page opens in (null: each visitor's own). */
export function useSetIntakeLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language | null) =>
      apiFetch<MyOrganization>('/api/organizations/mine/', {
        method: 'PATCH',
        body: { default_language: language },
      }),
    onSuccess: (organization) => queryClient.setQueryData(myOrganizationQueryKey, organization),
  });
}
