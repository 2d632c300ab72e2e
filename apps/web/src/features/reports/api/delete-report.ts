import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function deleteReport(id: number): Promise<null> {
  return apiFetch<null>(`/api/reports/${id}/`, { method: 'DELETE' });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: reportKeys.detail(id) });
      queryClient.removeQueries({ queryKey: reportKeys.comments(id) });
      return queryClient.invalidateQueries({ queryKey: reportKeys.mine });
    },
  });
}
