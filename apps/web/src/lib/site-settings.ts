import { type SiteSettings, siteSettingsSchema } from '@candor/contract/site';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export const siteSettingsQueryKey = ['site', 'settings'] as const;

export async function getSiteSettings(): Promise<SiteSettings> {
  return siteSettingsSchema.parse(await apiFetch('/api/site/', { auth: false }));
}

/** Public settings (upload limit, contact details); they change only with a redeploy. */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsQueryKey,
    queryFn: getSiteSettings,
    staleTime: Infinity,
  });
}
