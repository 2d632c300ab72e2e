import type { UpdateReportStatusInput } from '@candor/contract/admin';
import type { Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function updateReportStatus({
  id,
  ...input
}: { id: number } & UpdateReportStatusInput): Promise<Report> {
  return apiFetch<Report>(`/api/admin/reports/${id}/update/`, {
    method: 'PATCH',
    body: input satisfies UpdateReportStatusInput,
  });
}

/**
 * The card and the analytics update without a reload (issue: admin command center); `onChanged`
 * lets the page that shows the report refresh what it holds of it.
 */
export function useUpdateReportStatus(onChanged?: (report: Report) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReportStatus,
    onSuccess: (report) => {
      onChanged?.(report);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
