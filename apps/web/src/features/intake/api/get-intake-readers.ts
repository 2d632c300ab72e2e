import type { Reader } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Who reads a report sent without an account from `/o/{slug}/report` (null: `/report`, the
 * platform's administrators), each under their label, so the reporter can keep one out.
 */
export function useIntakeReaders(slug: string | null) {
  return useQuery({
    queryKey: ['intake', 'readers', slug ?? ''] as const,
    queryFn: () =>
      apiFetch<Reader[]>(
        slug === null ? '/api/intake/readers/' : `/api/intake/${encodeURIComponent(slug)}/readers/`,
        { auth: false },
      ),
    retry: false,
  });
}
