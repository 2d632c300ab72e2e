import type { SiteSettings } from '@candor/contract/site';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const siteSettingsQueryKey = ['site', 'settings'] as const;

export function getSiteSettings(): Promise<SiteSettings> {
  return apiFetch<SiteSettings>('/api/site/', { auth: false });
}

/** Contact details come from the server's configuration (SUPPORT_EMAIL, SUPPORT_PHONE). */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsQueryKey,
    queryFn: getSiteSettings,
    staleTime: 5 * 60_000,
  });
}
