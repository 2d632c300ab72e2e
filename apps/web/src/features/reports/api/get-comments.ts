import type { ReportMessage } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function getComments(id: number): Promise<ReportMessage[]> {
  return apiFetch<ReportMessage[]>(`/api/reports/${id}/comments/`);
}

export function useComments(id: number) {
  return useQuery({ queryKey: reportKeys.comments(id), queryFn: () => getComments(id) });
}
