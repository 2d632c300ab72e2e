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

/**
 * How many times a filing is sent with a new proof when the server asks for more work (428: many
 * reports reached this destination in the last hour, and each asks for a longer check).
 */
const MORE_WORK_ROUNDS = 3;

/** Files without an account: to the organisation of `slug`, or to the platform when null. */
export async function fileGuestReport(
  slug: string | null,
  { file, voice, ...fields }: GuestReportInput,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<GuestReportCreated> {
  const path =
    slug === null ? '/api/intake/reports/' : `/api/intake/${encodeURIComponent(slug)}/reports/`;
  for (let round = 1; ; round += 1) {
    const form = new FormData();
    // The proof first: the server checks it before any work on the file.
    form.append('proof', await proveWork(slug, signal));
    signal?.throwIfAborted();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== undefined) form.append(name, String(value));
    }
    if (file) form.append('file_upload', file);
    if (voice) appendVoice(form, voice);
    // Never with a token: a report without an account is tied to no account.
    const answer = await sendForm(`${API_BASE}${path}`, form, onProgress, undefined, signal);
    // A longer check is asked for: a fresh challenge carries it; nothing typed is lost.
    if (answer.status === 428 && round < MORE_WORK_ROUNDS) continue;
    if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
    return answer.body as GuestReportCreated;
  }
}

export function useFileGuestReport(slug: string | null, onProgress: Progress) {
  return useMutation({
    mutationFn: ({ signal, ...input }: GuestReportInput & { signal?: AbortSignal }) =>
      fileGuestReport(slug, input, onProgress, signal),
  });
}
