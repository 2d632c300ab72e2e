import {
  accessRequestCreatedSchema,
  accessRequestInputSchema,
  accessRequestReviewItemSchema,
  accessReviewDecisionInputSchema,
  accessReviewDecisionSchema,
} from '@candor/contract/access-requests';
import { listOrPageOf, pageQuerySchema } from '@candor/contract/pagination';
import { idParamsSchema } from '@candor/contract/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressLimit, guards, optionalUser, requireSuperuser } from '../auth/caller';
import * as service from './access-requests.service';

/** As in the original product: the application and the superuser's review, under /api/accounts. */
export const accessRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Access requests'];

  app.post(
    '/admin-access-request/',
    {
      // A bad token is refused before the body is looked at; no token is fine.
      onRequest: guards.optional,
      config: addressLimit(ctx.config.rateLimits.authPerMinute),
      schema: {
        tags,
        summary: 'Apply to become an administrator',
        body: accessRequestInputSchema,
        response: { 201: accessRequestCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createRequest(ctx, optionalUser(request), request.body)),
  );

  app.get(
    '/admin-access-review/',
    {
      onRequest: guards.superuser,
      schema: {
        tags,
        summary: 'Applications waiting for review',
        querystring: pageQuerySchema,
        response: { 200: listOrPageOf(accessRequestReviewItemSchema) },
      },
    },
    async (request) => service.listPending(ctx, request.query),
  );

  app.post(
    '/admin-access-review/:id/',
    {
      onRequest: guards.superuser,
      schema: {
        tags,
        summary: 'Approve or reject an application',
        params: idParamsSchema,
        body: accessReviewDecisionInputSchema,
        response: { 200: accessReviewDecisionSchema },
      },
    },
    async (request) =>
      service.decide(
        ctx,
        requireSuperuser(request),
        request.params.id,
        request.body.action,
        request.body.reason,
      ),
  );
};
