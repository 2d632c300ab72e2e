import type { Profile } from '@candor/contract/accounts';
import type { HandlerLabelInput } from '@candor/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

/** An administrator's label, as reporters choosing who reads their report see them. */
export function useUpdateHandlerLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HandlerLabelInput) =>
      apiFetch<{ handler_label: string | null }>('/api/admin/handler-label/', {
        method: 'PUT',
        body: input,
      }),
    onSuccess: ({ handler_label }) =>
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile ? { ...profile, handler_label } : profile,
      ),
  });
}
