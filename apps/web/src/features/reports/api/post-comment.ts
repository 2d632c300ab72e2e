import type { CreateMessageInput, ReportMessage } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appendVoice, type DisguisedVoice } from '@/components/voice/preview-voice';
import { apiFetch } from '@/lib/api-client';
import { reportKeys } from './report-keys';

/** A message to send: its fields, and a voice message (disguised) when there is one. */
export type CommentInput = CreateMessageInput & { voice?: DisguisedVoice | null };

export function postComment(id: number, { voice, ...input }: CommentInput): Promise<ReportMessage> {
  if (!voice) {
    return apiFetch<ReportMessage>(`/api/reports/${id}/comments/`, { method: 'POST', body: input });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) form.append(name, String(value));
  }
  appendVoice(form, voice);
  return apiFetch<ReportMessage>(`/api/reports/${id}/comments/voice/`, {
    method: 'POST',
    body: form,
  });
}

export function usePostComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) => postComment(id, input),
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
