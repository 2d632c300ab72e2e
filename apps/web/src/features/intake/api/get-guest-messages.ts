import { useQuery } from '@tanstack/react-query';
import { trackClient } from './track-client';
import { trackKeys } from './track-keys';

/** The conversation of a /track session. */
export function useGuestMessages(token: string) {
  return useQuery({
    queryKey: trackKeys.messages(token),
    queryFn: () => trackClient.messages(token),
  });
}
