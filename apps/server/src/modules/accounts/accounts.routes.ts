import {
  loginInputSchema,
  logoutInputSchema,
  profileSchema,
  refreshInputSchema,
  registeredUserSchema,
  registerInputSchema,
  tokenPairSchema,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './accounts.service';
import { guards, requireUser } from './caller';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const authLimit = { rateLimit: { max: ctx.config.rateLimits.authPerMinute, timeWindow: 60_000 } };

  app.post(
    '/register/',
    {
      config: authLimit,
      schema: { body: registerInputSchema, response: { 201: registeredUserSchema } },
    },
    async (request, reply) => reply.code(201).send(await service.registerUser(ctx, request.body)),
  );

  app.post(
    '/login/',
    { config: authLimit, schema: { body: loginInputSchema, response: { 200: tokenPairSchema } } },
    async (request) => service.login(ctx, request.body),
  );

  app.post(
    '/token/refresh/',
    {
      config: { rateLimit: { max: ctx.config.rateLimits.authPerMinute * 6, timeWindow: 60_000 } },
      schema: { body: refreshInputSchema, response: { 200: tokenPairSchema } },
    },
    async (request) => service.refresh(ctx, request.body.refresh),
  );

  app.post(
    '/logout/',
    { schema: { body: logoutInputSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.logout(ctx, request.body.refresh);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/profile/',
    { onRequest: guards.user, schema: { response: { 200: profileSchema } } },
    async (request) => service.getProfile(ctx, requireUser(request).id),
  );

  app.put(
    '/profile/',
    {
      onRequest: guards.user,
      schema: { body: updateProfileInputSchema, response: { 200: profileSchema } },
    },
    async (request) => service.updateProfile(ctx, requireUser(request).id, request.body),
  );
};
