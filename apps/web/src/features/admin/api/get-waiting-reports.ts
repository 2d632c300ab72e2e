import type { WaitingReport } from '@candor/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const waitingReportsQueryKey = ['admin', 'waiting'] as const;

/** Superuser only: reports whose only administrator filed them (README "Conflict of interest"). */
export function useWaitingReports() {
  return useQuery({
    queryKey: waitingReportsQueryKey,
    queryFn: () => apiFetch<WaitingReport[]>('/api/admin/waiting/'),
  });
}
