import type { OrganizationMember } from '@candor/contract/organizations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const membersQueryKey = ['organizations', 'members'] as const;

export function getMembers(): Promise<OrganizationMember[]> {
  return apiFetch<OrganizationMember[]>('/api/organizations/members/');
}

/** The accounts of the caller's organisation (its administrators only). */
export function useMembers() {
  return useQuery({ queryKey: membersQueryKey, queryFn: getMembers });
}

export function removeMember(id: number): Promise<null> {
  return apiFetch<null>(`/api/organizations/members/${id}/remove/`, { method: 'POST' });
}

/** A removed member leaves the list at once; the list is then read again. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: OrganizationMember) => removeMember(member.id),
    onSuccess: (_answer, member) => {
      queryClient.setQueryData<OrganizationMember[]>(membersQueryKey, (list) =>
        list?.filter((item) => item.id !== member.id),
      );
      void queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
  });
}
