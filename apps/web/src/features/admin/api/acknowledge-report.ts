import type { AcknowledgeReportInput } from '@candor/contract/admin';
import type { Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function acknowledgeReport({
  id,
  ...input
}: { id: number } & AcknowledgeReportInput): Promise<Report> {
  return apiFetch<Report>(`/api/admin/reports/${id}/acknowledge/`, {
    method: 'POST',
    body: input satisfies AcknowledgeReportInput,
  });
}

/** "Acknowledge receipt": the list and analytics refresh; `onDone` updates the report page. */
export function useAcknowledgeReport(onDone?: (report: Report) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeReport,
    onSuccess: (report) => {
      onDone?.(report);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
