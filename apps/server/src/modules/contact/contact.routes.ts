import {
  contactCreatedSchema,
  contactInputSchema,
  contactMessageSchema,
} from '@candor/contract/contact';
import { pageOf, pageQuerySchema } from '@candor/contract/errors';
import { idParamsSchema } from '@candor/contract/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards, optionalUser, requireSuperuser } from '../accounts/caller';
import * as service from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/',
    {
      onRequest: async (request) => {
        optionalUser(request);
      },
      config: { rateLimit: { max: ctx.config.rateLimits.writePerMinute, timeWindow: 60_000 } },
      schema: { body: contactInputSchema, response: { 201: contactCreatedSchema } },
    },
    async (request, reply) => reply.code(201).send(await service.submitMessage(ctx, request.body)),
  );

  app.get(
    '/',
    {
      onRequest: guards.superuser,
      schema: {
        querystring: pageQuerySchema,
        response: {
          200: z.union([z.array(contactMessageSchema), pageOf(contactMessageSchema)]),
        },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return limit === undefined
        ? service.listMessages(ctx)
        : service.pageMessages(ctx, { limit, offset: offset ?? 0 });
    },
  );

  app.post(
    '/:id/mark_read/',
    {
      onRequest: guards.superuser,
      schema: { params: idParamsSchema, response: { 200: contactMessageSchema } },
    },
    async (request) => service.markRead(ctx, requireSuperuser(request), request.params.id),
  );
};
