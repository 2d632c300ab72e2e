import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** Where the notification bell of a logged-in user sits in the top bar (all screen widths). */
export function NotificationBellSlot() {
  return <NotificationBell />;
}
