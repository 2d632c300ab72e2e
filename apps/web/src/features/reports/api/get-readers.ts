import type { ReportDestination } from '@candor/contract/enums';
import type { Reader } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Who reads a report the signed-in reporter sends to `destination`, under their labels. */
export function useReaders(destination: ReportDestination | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'readers', destination ?? 'default'] as const,
    queryFn: () =>
      apiFetch<Reader[]>(
        `/api/reports/readers/${destination ? `?destination=${destination}` : ''}`,
      ),
    enabled,
  });
}
