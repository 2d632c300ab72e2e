import type { AdminReportsQuery } from '@candor/contract/admin';
import type { Report } from '@candor/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type ReportPage = { count: number; results: Report[] };

export function getAdminReports(query: AdminReportsQuery): Promise<ReportPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== 'all') params.set(key, String(value));
  }
  return apiFetch<ReportPage>(`/api/admin/reports/?${params}`);
}

/** One page of the reports an admin administers, filtered and sorted by the server. */
export function useAdminReports(query: AdminReportsQuery) {
  return useQuery({
    queryKey: adminKeys.reports(query),
    queryFn: () => getAdminReports(query),
    placeholderData: keepPreviousData,
  });
}
