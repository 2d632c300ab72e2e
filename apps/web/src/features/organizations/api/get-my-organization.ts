import type { MyOrganization } from '@candor/contract/organizations';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const myOrganizationQueryKey = ['organizations', 'mine'] as const;

export function getMyOrganization(): Promise<MyOrganization> {
  return apiFetch<MyOrganization>('/api/organizations/mine/');
}

export function useMyOrganization() {
  return useQuery({ queryKey: myOrganizationQueryKey, queryFn: getMyOrganization });
}
