import type { CreateReportFields, Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appendVoice, type DisguisedVoice } from '@/components/voice/preview-voice';
import { API_BASE, ApiError, refreshSession } from '@/lib/api-client';
import { tokenStorage } from '@/lib/auth/token-storage';
import { type Progress, sendForm } from '@/lib/send-form';
import { reportKeys } from './report-keys';

/** The form's fields as the contract names them, the evidence file and the voice message. */
export type CreateReportInput = CreateReportFields & {
  file: File | null;
  voice?: DisguisedVoice | null;
};

function toFormData({ file, voice, ...fields }: CreateReportInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  if (file) form.append('file_upload', file);
  if (voice) appendVoice(form, voice);
  return form;
}

function send(form: FormData, onProgress: Progress) {
  const access = tokenStorage.getAccess();
  return sendForm(
    `${API_BASE}/api/reports/`,
    form,
    onProgress,
    access ? `Bearer ${access}` : undefined,
  );
}

export async function createReport(
  input: CreateReportInput,
  onProgress: Progress,
): Promise<Report> {
  const form = toFormData(input);
  let answer = await send(form, onProgress);
  if (answer.status === 401 && tokenStorage.getRefresh() && (await refreshSession())) {
    answer = await send(form, onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  return answer.body as Report;
}

export function useCreateReport(onProgress: Progress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReportInput) => createReport(input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.mine }),
  });
}
