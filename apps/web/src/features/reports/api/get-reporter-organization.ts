import type { MyOrganization } from '@candor/contract/organizations';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The same key as the profile's organisation card: one request serves both. */
const reporterOrganizationKey = ['organizations', 'mine'] as const;

/** The organisation the signed-in reporter belongs to, or null: where their report can go. */
export function useReporterOrganization({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: reporterOrganizationKey,
    queryFn: () => apiFetch<MyOrganization>('/api/organizations/mine/'),
    enabled,
  });
}
