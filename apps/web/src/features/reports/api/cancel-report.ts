import type { Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function cancelReport(id: number): Promise<Report> {
  return apiFetch<Report>(`/api/reports/${id}/cancel/`, { method: 'POST' });
}

export function useCancelReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReport,
    onSuccess: (report) => {
      queryClient.setQueryData(reportKeys.detail(report.id), report);
      return queryClient.invalidateQueries({ queryKey: reportKeys.mine });
    },
  });
}
