import type { UnreadCount } from '@candor/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { liveQueryKeys } from '@/lib/live/live-query-keys';

export const unreadCountQueryKey = liveQueryKeys.unreadCount;

export function getUnreadCount(): Promise<UnreadCount> {
  return apiFetch<UnreadCount>('/api/notifications/unread_count/');
}

export function useUnreadCount() {
  return useQuery({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount });
}
