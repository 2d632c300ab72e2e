import type { Profile } from '@candor/contract/accounts';
import type { Language } from '@candor/contract/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { profileQueryKey } from './get-profile';

/** `PATCH /api/accounts/profile/`: the language a signed-in person reads Candor in. */
export function saveLanguage(language: Language): Promise<Profile> {
  return apiFetch<Profile>('/api/accounts/profile/', { method: 'PATCH', body: { language } });
}

/**
 * What the language switcher tells once the page changed language: for a signed-in person, the
 * choice is kept on their account, so their notices and alert mail come in it (docs/api.md
 * "Languages"). Nobody else's choice leaves the device: a reporter without an account sends
 * nothing. A failure changes nothing on the page, which is already in the new language.
 */
export function useSaveLanguage(): ((language: Language) => void) | undefined {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: saveLanguage,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
  return user ? (language) => mutate(language) : undefined;
}
