import type { CreateReportFields, Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, refreshSession } from '@/lib/api-client';
import { tokenStorage } from '@/lib/auth/token-storage';
import { reportKeys } from './report-keys';

/** The form's fields as the contract names them, and the evidence file. */
export type CreateReportInput = CreateReportFields & { file: File | null };

type Progress = (fraction: number) => void;

function toFormData({ file, ...fields }: CreateReportInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  if (file) form.append('file_upload', file);
  return form;
}

/** XMLHttpRequest, because fetch cannot report upload progress. */
function send(form: FormData, onProgress: Progress): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/api/reports/`);
    request.setRequestHeader('accept', 'application/json');
    const access = tokenStorage.getAccess();
    if (access) request.setRequestHeader('authorization', `Bearer ${access}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiError(0, null));
    request.send(form);
  });
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
