import {
  contactCreatedSchema,
  contactInputSchema,
  contactMessageSchema,
} from '@candor/contract/contact';
import { listOrPageOf, pageQuerySchema } from '@candor/contract/pagination';
import { idParamsSchema } from '@candor/contract/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressLimit, requireSuperuser } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = routeOptionsFor(['Contact']);

  app.post(
    '/',
    route.optional(
      'Send a message to the operators',
      {
        body: contactInputSchema,
        response: { 201: contactCreatedSchema },
      },
      addressLimit(ctx.config.rateLimits.writePerMinute),
    ),
    async (request, reply) => reply.code(201).send(await service.submitMessage(ctx, request.body)),
  );

  app.get(
    '/',
    route.superuser('Messages sent to the operators, newest first', {
      querystring: pageQuerySchema,
      response: { 200: listOrPageOf(contactMessageSchema) },
    }),
    async (request) => service.listMessages(ctx, request.query),
  );

  app.post(
    '/:id/mark_read/',
    route.superuser('Mark a message read', {
      params: idParamsSchema,
      response: { 200: contactMessageSchema },
    }),
    async (request) => service.markRead(ctx, requireSuperuser(request), request.params.id),
  );
};
