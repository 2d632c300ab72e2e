import {
  contactCreatedSchema,
  contactInputSchema,
  contactMessageSchema,
} from '@candor/contract/contact';
import { listOrPageOf, pageQuerySchema } from '@candor/contract/pagination';
import { idParamsSchema } from '@candor/contract/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressLimit, guards, requireSuperuser } from '../auth/caller';
import * as service from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Contact'];

  app.post(
    '/',
    {
      onRequest: guards.optional,
      config: addressLimit(ctx.config.rateLimits.writePerMinute),
      schema: {
        tags,
        summary: 'Send a message to the operators',
        body: contactInputSchema,
        response: { 201: contactCreatedSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.submitMessage(ctx, request.body)),
  );

  app.get(
    '/',
    {
      onRequest: guards.superuser,
      schema: {
        tags,
        summary: 'Messages sent to the operators, newest first',
        querystring: pageQuerySchema,
        response: { 200: listOrPageOf(contactMessageSchema) },
      },
    },
    async (request) => service.listMessages(ctx, request.query),
  );

  app.post(
    '/:id/mark_read/',
    {
      onRequest: guards.superuser,
      schema: {
        tags,
        summary: 'Mark a message read',
        params: idParamsSchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => service.markRead(ctx, requireSuperuser(request), request.params.id),
  );
};
