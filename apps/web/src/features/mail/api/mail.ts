import type {
  MailSettings,
  MailSettingsInput,
  PasswordResetInput,
  PasswordResetRequest,
  PgpKeyInput,
} from '@candor/contract/mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const mailSettingsQueryKey = ['mail', 'settings'] as const;

export function useMailSettings() {
  return useQuery({
    queryKey: mailSettingsQueryKey,
    queryFn: () => apiFetch<MailSettings>('/api/accounts/mail/'),
    retry: false,
  });
}

function useSettingsMutation<T>(send: (input: T) => Promise<MailSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (settings) => queryClient.setQueryData(mailSettingsQueryKey, settings),
  });
}

export const useUpdateMailSettings = () =>
  useSettingsMutation((input: MailSettingsInput) =>
    apiFetch<MailSettings>('/api/accounts/mail/', { method: 'PATCH', body: input }),
  );

export const useSetPgpKey = () =>
  useSettingsMutation((input: PgpKeyInput) =>
    apiFetch<MailSettings>('/api/accounts/mail/pgp-key/', { method: 'PUT', body: input }),
  );

export const useRemovePgpKey = () =>
  useSettingsMutation(() =>
    apiFetch<MailSettings>('/api/accounts/mail/pgp-key/', { method: 'DELETE' }),
  );

type Detail = { detail: string };

export const useRequestVerification = () =>
  useMutation({
    mutationFn: () => apiFetch<Detail>('/api/accounts/mail/verify/', { method: 'POST' }),
  });

export const useConfirmVerification = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiFetch<Detail>('/api/accounts/mail/verify/confirm/', { method: 'POST', body: { token } }),
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiFetch<Detail>('/api/accounts/password-reset/', { method: 'POST', body: input }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiFetch<Detail>('/api/accounts/password-reset/confirm/', { method: 'POST', body: input }),
  });

/** The token a mail's link carries in its fragment (`#token=...`): never sent in a URL. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}
