import {
  createMessageInputSchema,
  reportIdParamsSchema,
  reportMessageSchema,
} from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards, requireUser } from '../accounts/caller';
import * as service from './comments.service';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/:id/comments/',
    {
      onRequest: guards.user,
      schema: { params: reportIdParamsSchema, response: { 200: z.array(reportMessageSchema) } },
    },
    async (request) => service.listMessages(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/:id/comments/',
    {
      onRequest: guards.user,
      config: {
        rateLimit: {
          max: ctx.config.rateLimits.writePerMinute,
          timeWindow: 60_000,
          hook: 'preHandler',
          // Keyed by a keyed hash of the account, never the address (DESIGN.md 2).
          keyGenerator: (request) => ctx.hash('rate.message-write', request.auth.user?.id ?? 0),
        },
      },
      schema: {
        params: reportIdParamsSchema,
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
