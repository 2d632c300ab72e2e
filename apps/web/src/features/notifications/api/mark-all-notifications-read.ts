import type { MarkAllReadResult } from '@candor/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

/** Every notice of the caller read, in one call. */
export function markAllNotificationsRead(): Promise<MarkAllReadResult> {
  return apiFetch<MarkAllReadResult>('/api/notifications/mark_all_read/', { method: 'POST' });
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
