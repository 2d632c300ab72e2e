import type { Notification } from '@candor/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { liveQueryKeys } from '@/lib/live/live-query-keys';

export const notificationsQueryKey = liveQueryKeys.notifications;

export function getNotifications(): Promise<Notification[]> {
  return apiFetch<Notification[]>('/api/notifications/');
}

export function useNotifications(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    enabled: options.enabled,
  });
}
