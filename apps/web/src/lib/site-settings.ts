import type { SiteSettings } from '@candor/contract/site';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export const siteSettingsQueryKey = ['site', 'settings'] as const;

export async function getSiteSettings(): Promise<SiteSettings> {
  // The schema arrives with the answer, so pages that show a setting do not load zod to draw.
  const [{ siteSettingsSchema }, body] = await Promise.all([
    import('@candor/contract/site'),
    apiFetch('/api/site/', { auth: false }),
  ]);
  return siteSettingsSchema.parse(body);
}

/** Public settings (upload limit, contact details); they change only with a redeploy. */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsQueryKey,
    queryFn: getSiteSettings,
    staleTime: Infinity,
  });
}
