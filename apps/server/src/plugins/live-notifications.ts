import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createNotificationHub,
  type NotificationHub,
} from '../modules/notifications/notifications.hub';
import {
  loadLiveEvents,
  NOTIFICATIONS_CHANNEL,
} from '../modules/notifications/notifications.service';
import { ACCOUNT_CHANGES_CHANNEL, parseAccountChange } from '../modules/users/account-changes';

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

/**
 * This process's live notification sockets, fed by LISTEN on the notifications channel, so a
 * notification committed through any server process reaches sockets held by this one.
 * Registered before @fastify/websocket so its sockets close with 1001 before that plugin's own
 * shutdown runs.
 */
export const liveNotificationsPlugin = fp(async (app: FastifyInstance) => {
  const { ctx } = app;
  const hub = createNotificationHub({
    heartbeatMs: ctx.config.live.heartbeatMs,
    load: (signals, connected) => loadLiveEvents(ctx, signals, connected),
    log: app.log,
  });
  app.decorate('notificationHub', hub);
  const unlisten = await ctx.database.listen(NOTIFICATIONS_CHANNEL, (payload) =>
    hub.handleSignal(payload),
  );
  // An account changed on any process (revoked, deactivated, deleted): its sockets here close.
  const unlistenAccounts = await ctx.database.listen(ACCOUNT_CHANGES_CHANNEL, (payload) => {
    const change = parseAccountChange(payload);
    if (change === null) app.log.warn({}, 'ignored a malformed account change signal');
    else if (change.closesSockets) hub.closeUser(change.userId);
  });
  // Signals sent while LISTEN was down were missed: every client reloads what it shows.
  const stopResync = ctx.database.onListenResumed(() => hub.resync());
  app.addHook('preClose', async () => {
    stopResync();
    await hub.close();
  });
  app.addHook('onClose', async () => {
    await unlisten();
    await unlistenAccounts();
  });
});
