import type { Report } from '@candor/contract/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisguisedVoice } from '@/components/voice/preview-voice';
import { trackClient } from './track-client';
import { trackKeys } from './track-keys';

type Handlers<T> = { onSuccess(value: T): void; onError(error: unknown): void };

function useSetGuestReport(token: string) {
  const queryClient = useQueryClient();
  return (next: Report) => queryClient.setQueryData(trackKeys.report(token), next);
}

/** Cancels the report (the reporter cannot delete one filed without an account). */
export function useWithdrawGuestReport(token: string, handlers: Handlers<Report>) {
  const setReport = useSetGuestReport(token);
  return useMutation({
    mutationFn: () => trackClient.withdraw(token),
    onSuccess: (next) => {
      setReport(next);
      handlers.onSuccess(next);
    },
    onError: handlers.onError,
  });
}

/** Downloads the certificate; with its title only when the reporter asked for it. */
export function useGuestCertificate(token: string, withTitle: boolean, handlers: Handlers<void>) {
  return useMutation({
    mutationFn: () => trackClient.downloadCertificate(token, withTitle),
    onSuccess: () => handlers.onSuccess(),
    onError: handlers.onError,
  });
}

export function useAddGuestEvidence(token: string, handlers: Handlers<Report>) {
  const setReport = useSetGuestReport(token);
  return useMutation({
    mutationFn: (chosen: File) => trackClient.addEvidence(token, chosen),
    onSuccess: (next) => {
      setReport(next);
      handlers.onSuccess(next);
    },
    onError: handlers.onError,
  });
}

/** Sends an answer and reloads the conversation; answers the new message's id. */
export function usePostGuestMessage(token: string) {
  const queryClient = useQueryClient();
  return async (text: string, voice: DisguisedVoice | null) => {
    const created = await trackClient.postMessage(token, text, voice);
    await queryClient.invalidateQueries({ queryKey: trackKeys.messages(token) });
    return created.id;
  };
}
