import { tokenPairSchema } from '@candor/contract/accounts';
import { idParamsSchema } from '@candor/contract/params';
import {
  recoveryCodesSchema,
  staffTwoFactorSchema,
  twoFactorCodeInputSchema,
  twoFactorDisableInputSchema,
  twoFactorEnabledSchema,
  twoFactorEnrolmentSchema,
  twoFactorLoginInputSchema,
  twoFactorPasswordInputSchema,
  twoFactorStatusSchema,
} from '@candor/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressLimit, requireSuperuser, requireUser } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './two-factor.service';
import { completeLogin } from './two-factor-login.service';

/** Second factor for staff (docs/operating.md "Second factor"), under /api/two-factor/. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptionsFor(['Two-factor']);
  const { ctx } = app;
  // Per address, as the login's; wrong codes are counted per account by the service.
  const loginLimit = addressLimit(ctx.config.rateLimits.loginPerMinute);
  const authLimit = addressLimit(ctx.config.rateLimits.authPerMinute);

  app.post(
    '/login/',
    route.open(
      'Second login step: the challenge and a code or recovery code, for the tokens',
      {
        body: twoFactorLoginInputSchema,
        response: { 200: tokenPairSchema },
      },
      loginLimit,
    ),
    async (request) => completeLogin(ctx, request.body),
  );

  app.get(
    '/',
    route.user("Whether the caller's account has a second factor", {
      response: { 200: twoFactorStatusSchema },
    }),
    async (request) => service.getStatus(ctx, requireUser(request)),
  );

  app.post(
    '/enrolment/',
    route.user(
      'Start setting up an authenticator, with the current password: its key and QR code, shown once',
      {
        body: twoFactorPasswordInputSchema,
        response: { 201: twoFactorEnrolmentSchema },
      },
      authLimit,
    ),
    async (request, reply) =>
      reply.code(201).send(
        await service.startEnrolment(ctx, requireUser(request), {
          password: request.body.password,
          address: request.ip,
        }),
      ),
  );

  app.post(
    '/recovery-codes/',
    route.user(
      'Ten new recovery codes, with the current password; the earlier ones stop working',
      {
        body: twoFactorPasswordInputSchema,
        response: { 200: recoveryCodesSchema },
      },
      authLimit,
    ),
    async (request) =>
      service.renewRecoveryCodes(ctx, requireUser(request), {
        password: request.body.password,
        address: request.ip,
      }),
  );

  app.post(
    '/enrolment/confirm/',
    route.user('Turn it on with a first code: ten recovery codes, shown once', {
      body: twoFactorCodeInputSchema,
      response: { 200: twoFactorEnabledSchema },
    }),
    async (request) => service.confirmEnrolment(ctx, requireUser(request), request.body.code),
  );

  app.post(
    '/disable/',
    route.user('Turn the second factor off, with a current code and the current password', {
      body: twoFactorDisableInputSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.disable(ctx, requireUser(request), { ...request.body, address: request.ip });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/staff/',
    route.superuser('Staff and whether each has a second factor', {
      response: { 200: staffTwoFactorSchema },
    }),
    async () => service.listStaff(ctx),
  );

  app.delete(
    '/staff/:id/',
    route.superuser("Reset a staff member's second factor", {
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.resetForStaff(ctx, requireSuperuser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
