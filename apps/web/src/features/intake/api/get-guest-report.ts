import type { Report } from '@candor/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { trackClient } from './track-client';
import { trackKeys } from './track-keys';

/** The report of a /track session, starting from what opening the session answered. */
export function useGuestReport(token: string, opened: Report) {
  return useQuery({
    queryKey: trackKeys.report(token),
    queryFn: () => trackClient.report(token),
    initialData: opened,
  });
}
