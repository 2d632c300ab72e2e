import type { MarkAllReadResult, Notification } from '@candor/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';
import { markNotificationRead } from './mark-notification-read';

/**
 * One call; a server without `mark_all_read` (404) gets one `mark_read` per unread item, as the
 * spec's client did (section 7).
 */
export async function markAllNotificationsRead(unread: Notification[]): Promise<void> {
  try {
    await apiFetch<MarkAllReadResult>('/api/notifications/mark_all_read/', { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await Promise.all(unread.map((item) => markNotificationRead(item.id)));
  }
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
      ]),
  });
}
