import type { AdminReport, AssignReportInput, Handler } from '@candor/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** One report as the admin list shows it: with its assignee. */
export function useAdminReport(id: number) {
  return useQuery({
    queryKey: adminKeys.report(id),
    queryFn: () => apiFetch<AdminReport>(`/api/admin/reports/${id}/`),
  });
}

/** Every handler of the caller's scope, who may be assigned its cases. */
export function useHandlers() {
  return useQuery({
    queryKey: adminKeys.handlers,
    queryFn: () => apiFetch<Handler[]>('/api/admin/handlers/'),
  });
}

type Assignment = { id: number } & ({ take: true } | ({ take?: false } & AssignReportInput));

export function assignReport(assignment: Assignment): Promise<AdminReport> {
  if (assignment.take) {
    return apiFetch<AdminReport>(`/api/admin/reports/${assignment.id}/take/`, { method: 'POST' });
  }
  return apiFetch<AdminReport>(`/api/admin/reports/${assignment.id}/assign/`, {
    method: 'POST',
    body: { assignee_id: assignment.assignee_id } satisfies AssignReportInput,
  });
}

/** Take, assign or unassign a case; the list and the report's assignment refresh. */
export function useAssignReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
