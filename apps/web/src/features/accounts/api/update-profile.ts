import type { Profile, UpdateProfileInput } from '@candor/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { profileQueryKey } from './get-profile';

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return apiFetch<Profile>('/api/accounts/profile/', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
