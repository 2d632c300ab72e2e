import type { Report } from '@candor/contract/reports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/**
 * The root of the notifications' query keys (the bell's count and list): the server marks the
 * caller's notices about a report read when it answers the report, so they are read again.
 */
const NOTIFICATIONS_ROOT = ['notifications'] as const;

export function getReport(id: number): Promise<Report> {
  return apiFetch<Report>(`/api/reports/${id}/`);
}

/**
 * Refetched well inside the evidence link's ten minutes, so 'View File' keeps working. Each
 * answer has cleared the caller's notices about the report: the bell follows.
 */
export function useReport(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: reportKeys.detail(id),
    queryFn: async () => {
      const report = await getReport(id);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_ROOT });
      return report;
    },
    refetchInterval: 5 * 60_000,
  });
}
