import {
  markAllReadResultSchema,
  notificationSchema,
  unreadCountSchema,
} from '@candor/contract/notifications';
import { listOrPageOf, pageQuerySchema } from '@candor/contract/pagination';
import { idParamsSchema } from '@candor/contract/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHANGES_NO_ACCOUNT, guards, requireUser } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './notifications.service';

/** `/api/notifications/...`: only ever the caller's own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Notifications'];
  const route = routeOptionsFor(tags);

  app.get(
    '/',
    route.user("The caller's notifications, newest first", {
      querystring: pageQuerySchema,
      response: { 200: listOrPageOf(notificationSchema) },
    }),
    async (request) => service.listNotifications(ctx, requireUser(request), request.query),
  );

  app.get(
    '/unread_count/',
    {
      onRequest: guards.user,
      schema: { tags, summary: 'How many are unread', response: { 200: unreadCountSchema } },
    },
    async (request) => service.unreadCount(ctx, requireUser(request).id),
  );

  app.post(
    '/mark_all_read/',
    route.user(
      'Mark every notification read',
      {
        response: { 200: markAllReadResultSchema },
      },
      CHANGES_NO_ACCOUNT,
    ),
    async (request) => service.markAllRead(ctx, requireUser(request).id),
  );

  app.post(
    '/:id/mark_read/',
    route.user(
      'Mark one notification read',
      {
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
      CHANGES_NO_ACCOUNT,
    ),
    async (request) => {
      const userId = requireUser(request).id;
      const notice = await service.markRead(ctx, userId, request.params.id);
      return service.noticesInLanguage(notice, await service.readerLanguage(ctx, userId));
    },
  );
};
