import type { UnreadCount } from '@candor/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const unreadCountQueryKey = ['notifications', 'unread-count'] as const;

export function getUnreadCount(): Promise<UnreadCount> {
  return apiFetch<UnreadCount>('/api/notifications/unread_count/');
}

export function useUnreadCount() {
  return useQuery({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount });
}
