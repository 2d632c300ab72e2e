import type { IntakeOrganization } from '@candor/contract/intake';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const intakeOrganizationKey = (slug: string) => ['intake', 'organization', slug] as const;

/** Who reads a report sent from `/o/{slug}/report` (an old slug answers the current one). */
export function getIntakeOrganization(slug: string): Promise<IntakeOrganization> {
  return apiFetch<IntakeOrganization>(`/api/intake/${encodeURIComponent(slug)}/`, { auth: false });
}

export function useIntakeOrganization(slug: string) {
  return useQuery({
    queryKey: intakeOrganizationKey(slug),
    queryFn: () => getIntakeOrganization(slug),
    retry: false,
  });
}
