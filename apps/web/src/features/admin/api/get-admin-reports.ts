import type { AdminReportPage, AdminReportsQuery } from '@candor/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function getAdminReports(query: AdminReportsQuery): Promise<AdminReportPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== 'all') params.set(key, String(value));
  }
  return apiFetch<AdminReportPage>(`/api/admin/reports/?${params}`);
}

/** One page of the reports an admin administers, filtered and sorted by the server. */
export function useAdminReports(query: AdminReportsQuery) {
  return useQuery({
    queryKey: adminKeys.reports(query),
    queryFn: () => getAdminReports(query),
    placeholderData: keepPreviousData,
  });
}
