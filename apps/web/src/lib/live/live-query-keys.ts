/**
 * The query keys a live event touches, shared by the features that own them and the live-update
 * hook (lib/live/use-live-updates.ts), which lives below every feature.
 */
export const liveQueryKeys = {
  /** The notifications list (features/notifications). */
  notifications: ['notifications', 'list'] as const,
  /** The unread count (features/notifications). */
  unreadCount: ['notifications', 'unread-count'] as const,
  /** Every query of the reports feature. */
  reports: ['reports'] as const,
  /** Every query of the admin feature. */
  admin: ['admin'] as const,
};
