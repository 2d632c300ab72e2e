import { tokenPairSchema } from '@candor/contract/accounts';
import { idParamsSchema } from '@candor/contract/params';
import {
  staffTwoFactorSchema,
  twoFactorCodeInputSchema,
  twoFactorEnabledSchema,
  twoFactorEnrolmentSchema,
  twoFactorLoginInputSchema,
  twoFactorStatusSchema,
} from '@candor/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guards, requireSuperuser, requireUser } from '../accounts/caller';
import * as service from './two-factor.service';
import { completeLogin } from './two-factor-login.service';

/** Second factor for staff (README "Second factor"), under /api/two-factor/. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Per address, as the login's; wrong codes are counted per account by the service.
  const loginLimit = {
    rateLimit: { max: ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 },
  };
  const authLimit = { rateLimit: { max: ctx.config.rateLimits.authPerMinute, timeWindow: 60_000 } };

  app.post(
    '/login/',
    {
      config: loginLimit,
      schema: { body: twoFactorLoginInputSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => completeLogin(ctx, request.body),
  );

  app.get(
    '/',
    { onRequest: guards.user, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => service.getStatus(ctx, requireUser(request)),
  );

  app.post(
    '/enrolment/',
    {
      onRequest: guards.user,
      config: authLimit,
      schema: { response: { 201: twoFactorEnrolmentSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.startEnrolment(ctx, requireUser(request))),
  );

  app.post(
    '/enrolment/confirm/',
    {
      onRequest: guards.user,
      schema: { body: twoFactorCodeInputSchema, response: { 200: twoFactorEnabledSchema } },
    },
    async (request) => service.confirmEnrolment(ctx, requireUser(request), request.body.code),
  );

  app.post(
    '/disable/',
    {
      onRequest: guards.user,
      schema: { body: twoFactorCodeInputSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.disable(ctx, requireUser(request), request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/',
    { onRequest: guards.superuser, schema: { response: { 200: staffTwoFactorSchema } } },
    async () => service.listStaff(ctx),
  );

  app.delete(
    '/staff/:id/',
    {
      onRequest: guards.superuser,
      schema: { params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.resetForStaff(ctx, requireSuperuser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
