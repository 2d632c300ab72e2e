import type {
  HandOverInput,
  OrganizationStaff,
  StaffMember,
  StaffPage,
  UnadministeredOrganization,
} from '@candor/contract/staff';
import { STAFF_PAGE_SIZE } from '@candor/contract/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export type StaffFilters = {
  q: string;
  scope: '' | 'platform' | 'organization';
  status: '' | 'active' | 'deactivated';
};

export const staffKeys = {
  all: ['staff'] as const,
  list: (filters: StaffFilters, offset: number) => ['staff', 'list', filters, offset] as const,
  unadministered: ['staff', 'unadministered'] as const,
  organization: (id: number) => ['staff', 'organization', id] as const,
};

export function useStaff(filters: StaffFilters, offset: number) {
  return useQuery({
    queryKey: staffKeys.list(filters, offset),
    queryFn: () => {
      const params = new URLSearchParams({
        limit: String(STAFF_PAGE_SIZE),
        offset: String(offset),
      });
      if (filters.q.trim()) params.set('q', filters.q.trim());
      if (filters.scope) params.set('scope', filters.scope);
      if (filters.status) params.set('status', filters.status);
      return apiFetch<StaffPage>(`/api/staff/?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useUnadministeredOrganizations() {
  return useQuery({
    queryKey: staffKeys.unadministered,
    queryFn: () =>
      apiFetch<UnadministeredOrganization[]>('/api/staff/organizations-without-admin/'),
  });
}

export function useOrganizationStaff(id: number | null) {
  return useQuery({
    queryKey: staffKeys.organization(id ?? 0),
    queryFn: () => apiFetch<OrganizationStaff>(`/api/staff/organizations/${id}/`),
    enabled: id !== null,
  });
}

export type StaffChange = 'revoke' | 'deactivate' | 'reactivate';

/** A change to someone's access; every staff list reloads after it. */
export function useStaffChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StaffChange }) =>
      apiFetch<StaffMember>(`/api/staff/${id}/${change}/`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, input }: { organizationId: number; input: HandOverInput }) =>
      apiFetch<OrganizationStaff>(`/api/staff/organizations/${organizationId}/admins/`, {
        method: 'POST',
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
