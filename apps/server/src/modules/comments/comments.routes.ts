import { idParamsSchema } from '@candor/contract/params';
import { createMessageInputSchema, reportMessageSchema } from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountWriteLimit, guards, requireUser } from '../accounts/caller';
import { CHANGES_NO_ACCOUNT } from '../accounts/caller-cache';
import * as service from './comments.service';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Messages'];

  app.get(
    '/:id/comments/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "A report's thread, oldest first",
        params: idParamsSchema,
        response: { 200: z.array(reportMessageSchema) },
      },
    },
    async (request) => service.listMessages(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/:id/comments/',
    {
      onRequest: guards.user,
      config: { ...accountWriteLimit(ctx, 'rate.message-write'), ...CHANGES_NO_ACCOUNT },
      schema: {
        tags,
        summary: "Add a message to a report's thread",
        params: idParamsSchema,
        body: createMessageInputSchema,
        response: { 201: reportMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.postMessage(ctx, requireUser(request), request.params.id, request.body),
        ),
  );
};
