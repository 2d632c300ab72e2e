import type { Notification } from '@candor/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** As in the original product: no body. */
export function markNotificationRead(id: number): Promise<Notification> {
  return apiFetch<Notification>(`/api/notifications/${id}/mark_read/`, { method: 'POST' });
}

/** On failure the list is reloaded too (as in the original product). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
      ]),
  });
}
