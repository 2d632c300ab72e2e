import type { Report } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function getReport(id: number): Promise<Report> {
  return apiFetch<Report>(`/api/reports/${id}/`);
}

/** Refetched well inside the evidence link's ten minutes, so 'View File' keeps working. */
export function useReport(id: number) {
  return useQuery({
    queryKey: reportKeys.detail(id),
    queryFn: () => getReport(id),
    refetchInterval: 5 * 60_000,
  });
}
