import type { CreateMessageInput, ReportMessage } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

export function postComment(id: number, input: CreateMessageInput): Promise<ReportMessage> {
  return apiFetch<ReportMessage>(`/api/reports/${id}/comments/`, { method: 'POST', body: input });
}

export function usePostComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMessageInput) => postComment(id, input),
    onSuccess: (message) => {
      queryClient.setQueryData<ReportMessage[]>(reportKeys.comments(id), (thread) => [
        ...(thread ?? []),
        message,
      ]);
      // An administrator's reply may acknowledge the report or give feedback: its dates change.
      if (message.is_sender_admin && !message.is_internal) {
        void queryClient.invalidateQueries({ queryKey: reportKeys.detail(id) });
      }
    },
  });
}
