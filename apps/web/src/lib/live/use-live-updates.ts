import type { UnreadCount } from '@candor/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { refreshSession } from '@/lib/api-client';
import { liveQueryKeys } from '@/lib/live/live-query-keys';
import type { LiveSocket } from '@/lib/live/live-socket';

const notificationsQueryKey = liveQueryKeys.notifications;
const unreadCountQueryKey = liveQueryKeys.unreadCount;

/** Query key roots of the reports and admin features, which a notice about a report touches. */
const reportQueryRoots = [liveQueryKeys.reports, liveQueryKeys.admin];

/**
 * Live updates for the whole app, so it lives below the features rather than in one: keeps the
 * notifications socket open while mounted; the socket follows the stored token, so it
 * belongs to whoever is logged in and closes on logout. Each notification event bumps the unread
 * count by one at once (as in the original product) and invalidates the list and the count, so the server's
 * numbers follow; after a reconnect, or when the server says it may have missed some (`resync`),
 * they are reloaded, with the reports on screen.
 * `onNotification` receives each event's message (for a screen reader announcement).
 */
export function useLiveUpdates(onNotification?: (message: string) => void) {
  const queryClient = useQueryClient();
  const callback = useRef(onNotification);
  callback.current = onNotification;

  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    };
    const reloadReports = () => {
      for (const root of reportQueryRoots) void queryClient.invalidateQueries({ queryKey: root });
    };
    // The socket, and the schema it checks events with, load after the page has been taken over,
    // in a task of their own: nothing on screen waits for them.
    let live: LiveSocket | undefined;
    let isUnmounted = false;
    const start = ({ startLiveSocket }: typeof import('@/lib/live/live-socket')) => {
      if (isUnmounted) return;
      live = startLiveSocket({
        onEvent: (event) => {
          if (event.type === 'resync') {
            refresh();
            reloadReports();
            return;
          }
          if (!event.message) return;
          queryClient.setQueryData<UnreadCount>(unreadCountQueryKey, (current) => ({
            count: (current?.count ?? 0) + 1,
          }));
          callback.current?.(event.message);
          refresh();
          // A notice about a report means the report or its thread changed: the pages showing
          // reports (the reporter's and the admin dashboard) reload what they hold.
          if (event.report !== null) reloadReports();
        },
        onReconnect: refresh,
        // The account changed: a refresh answers with its current role, or ends the session
        // (revoked or deactivated), which sends a guarded page to the login.
        onAccountChanged: () => {
          void refreshSession().then(() => queryClient.invalidateQueries());
        },
      });
    };
    void import('@/lib/live/live-socket').then(start);
    return () => {
      isUnmounted = true;
      live?.stop();
    };
  }, [queryClient]);
}
