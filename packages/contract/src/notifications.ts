import { pageOf } from './pagination';
import { z } from './zod';

/** As in the original product: a notification as the API and the live socket show it to its recipient. */
export const notificationSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** The report it concerns, if any (links to /reports/{report}). */
  report: z.number().int().nullable(),
  report_title: z.string().nullable(),
  /** The report's reference number, so notices about one report are told apart and grouped. */
  report_reference: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);
export const notificationPageSchema = pageOf(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const markAllReadResultSchema = z.object({ updated: z.number().int() });
export type MarkAllReadResult = z.infer<typeof markAllReadResultSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** As in the original product: `/ws/notifications/{userId}/` sends `{type, message}`; ours carries the row too. */
export const liveNotificationEventSchema = notificationSchema.extend({
  type: z.literal('notification'),
});
export type LiveNotificationEvent = z.infer<typeof liveNotificationEventSchema>;

/**
 * The server may have missed notifications (its database listener reconnected): the client
 * reloads its notifications and the reports it shows.
 */
export const liveResyncEventSchema = z.object({ type: z.literal('resync') });
export type LiveResyncEvent = z.infer<typeof liveResyncEventSchema>;

/** Every message the server sends on the notifications socket. */
export const liveEventSchema = z.discriminatedUnion('type', [
  liveNotificationEventSchema,
  liveResyncEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Socket authentication (docs/protection.md "Protecting reporters"). A browser cannot set headers on a WebSocket, so the access
 * token travels as a subprotocol `candor.bearer.<token>` offered next to `candor.v1`, which the
 * server selects (so the token is not echoed). `?token=` works too, for clients without
 * subprotocols; it keeps the token out of the server's logs but not out of proxies' logs.
 */
export const LIVE_PROTOCOL = 'candor.v1';
export const LIVE_BEARER_PREFIX = 'candor.bearer.';

/** Close codes of the notifications socket. */
export const liveCloseCodes = {
  /** Missing, invalid or expired token, another user's id, or an inactive account. */
  policyViolation: 1008,
  goingAway: 1001,
  internalError: 1011,
  /**
   * The account was changed by the superuser or deleted (role revoked, deactivated): the client
   * refreshes its session, which tells it whether it is still signed in and as what.
   */
  accountChanged: 4001,
} as const;

export const liveSocketPath = (userId: number) => `/ws/notifications/${userId}/`;
