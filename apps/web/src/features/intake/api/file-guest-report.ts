import type { CreateGuestReportFields, GuestReportCreated } from '@candor/contract/intake';
import { useMutation } from '@tanstack/react-query';
import { appendVoice, type DisguisedVoice } from '@/components/voice/preview-voice';
import { API_BASE, ApiError } from '@/lib/api-client';
import { type Progress, sendForm } from '@/lib/send-form';
import { proveWork } from './proof-of-work';

export type GuestReportInput = Omit<CreateGuestReportFields, 'proof'> & {
  file: File | null;
  voice?: DisguisedVoice | null;
};

/** Files without an account: to the organisation of `slug`, or to the platform when null. */
export async function fileGuestReport(
  slug: string | null,
  { file, voice, ...fields }: GuestReportInput,
  onProgress: Progress,
): Promise<GuestReportCreated> {
  const form = new FormData();
  // The proof first: the server checks it before any work on the file.
  form.append('proof', await proveWork());
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, String(value));
  }
  if (file) form.append('file_upload', file);
  if (voice) appendVoice(form, voice);
  const path =
    slug === null ? '/api/intake/reports/' : `/api/intake/${encodeURIComponent(slug)}/reports/`;
  // Never with a token: a report without an account is tied to no account.
  const answer = await sendForm(`${API_BASE}${path}`, form, onProgress);
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  return answer.body as GuestReportCreated;
}

export function useFileGuestReport(slug: string | null, onProgress: Progress) {
  return useMutation({
    mutationFn: (input: GuestReportInput) => fileGuestReport(slug, input, onProgress),
  });
}
