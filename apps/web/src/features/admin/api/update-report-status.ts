import type { UpdateReportStatusInput } from '@candor/contract/admin';
import type { Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function updateReportStatus({
  id,
  status,
}: { id: number } & UpdateReportStatusInput): Promise<Report> {
  return apiFetch<Report>(`/api/admin/reports/${id}/update/`, {
    method: 'PATCH',
    body: { status } satisfies UpdateReportStatusInput,
  });
}

/** The card and the analytics update without a reload (issue: admin command center). */
export function useUpdateReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
