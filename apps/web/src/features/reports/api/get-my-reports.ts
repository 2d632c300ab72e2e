import type { Report } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function getMyReports(): Promise<Report[]> {
  return apiFetch<Report[]>('/api/reports/');
}

/** A stable function, so the sorted list is only rebuilt when the data changes. */
function newestFirst(reports: Report[]): Report[] {
  return [...reports].sort((a, b) => b.submitted_at.localeCompare(a.submitted_at));
}

/** The caller's reports, newest first. */
export function useMyReports() {
  return useQuery({ queryKey: reportKeys.mine, queryFn: getMyReports, select: newestFirst });
}
