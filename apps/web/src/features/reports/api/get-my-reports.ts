import type { Report } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

export function getMyReports(): Promise<Report[]> {
  return apiFetch<Report[]>('/api/reports/');
}

export function useMyReports() {
  return useQuery({ queryKey: reportKeys.mine, queryFn: getMyReports });
}
