import type {
  BulkAction,
  BulkResult,
  RelatedReport,
  ReportLinkInput,
  Tag,
  TagInput,
} from '@candor/contract/tags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** The tags of the caller's scope: their organisation's, or the platform's. */
export function useTags() {
  return useQuery({
    queryKey: adminKeys.tags,
    queryFn: () => apiFetch<Tag[]>('/api/admin/tags/'),
  });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TagInput) =>
      apiFetch<Tag>('/api/admin/tags/', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Deleting a tag takes it off every report: the list and the reports refresh. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/admin/tags/${id}/`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSetReportTags(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: number[]) =>
      apiFetch<Tag[]>(`/api/admin/reports/${reportId}/tags/`, {
        method: 'PUT',
        body: { tag_ids: tagIds },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The reports related to this one (those in the caller's list). */
export function useRelatedReports(reportId: number) {
  return useQuery({
    queryKey: adminKeys.related(reportId),
    queryFn: () => apiFetch<RelatedReport[]>(`/api/admin/reports/${reportId}/related/`),
  });
}

export function useLinkReport(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportLinkInput) =>
      apiFetch<RelatedReport[]>(`/api/admin/reports/${reportId}/related/`, {
        method: 'POST',
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUnlinkReport(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherId: number) =>
      apiFetch<RelatedReport[]>(`/api/admin/reports/${reportId}/related/${otherId}/`, {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** One action on several reports; each report's outcome comes back on its own. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; action: BulkAction }) =>
      apiFetch<BulkResult>('/api/admin/reports/bulk/', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
