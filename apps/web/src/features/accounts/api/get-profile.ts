import type { Profile } from '@candor/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const profileQueryKey = ['accounts', 'profile'] as const;

export function getProfile(): Promise<Profile> {
  return apiFetch<Profile>('/api/accounts/profile/');
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: getProfile });
}
