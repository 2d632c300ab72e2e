import {
  changePasswordInputSchema,
  deleteAccountInputSchema,
  loginAnswerSchema,
  loginInputSchema,
  logoutInputSchema,
  myDataSchema,
  profileLanguageInputSchema,
  profileSchema,
  refreshInputSchema,
  registeredUserSchema,
  registerInputSchema,
  tokenPairSchema,
  updateProfileInputSchema,
} from '@candor/contract/accounts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountWriteLimit,
  addressLimit,
  CHANGES_NO_ACCOUNT,
  guards,
  requireUser,
} from '../auth/caller';
import * as sessions from '../users/sessions.service';
import * as service from './accounts.service';
import * as own from './own-account.service';

/** Downloads of "my data" an account may ask for in an hour. */
export const MY_DATA_EXPORTS_PER_HOUR = 10;

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  const authLimit = addressLimit(limits.authPerMinute);
  // Per address and loose: a school or an office shares one address. Failures are counted per
  // account and per address by the login itself (login-limits.ts).
  const loginLimit = addressLimit(limits.loginPerMinute);
  // Every signed-in tab refreshes every few minutes; a refresh token cannot be guessed.
  const refreshLimit = addressLimit(limits.loginPerMinute * 4);
  const tags = ['Accounts'];

  app.post(
    '/register/',
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Register an account',
        body: registerInputSchema,
        response: { 201: registeredUserSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.registerUser(ctx, request.body)),
  );

  app.post(
    '/login/',
    {
      config: { ...loginLimit, ...CHANGES_NO_ACCOUNT },
      schema: {
        tags,
        summary: 'Log in: an access token and a refresh token, or a second-factor challenge',
        body: loginInputSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => sessions.login(ctx, request.body, request.ip),
  );

  app.post(
    '/token/refresh/',
    {
      config: { ...refreshLimit, ...CHANGES_NO_ACCOUNT },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair',
        body: refreshInputSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => sessions.refresh(ctx, request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      // It changes the account: every access token signed so far is refused from now on.
      schema: {
        tags,
        summary: 'Log out: revoke the login of a refresh token, and its access tokens at once',
        body: logoutInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessions.logout(ctx, request.body.refresh);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/profile/',
    {
      onRequest: guards.user,
      schema: { tags, summary: "The caller's profile", response: { 200: profileSchema } },
    },
    async (request) => service.getProfile(ctx, requireUser(request)),
  );

  app.put(
    '/profile/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "Change the caller's profile",
        body: updateProfileInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => service.updateProfile(ctx, requireUser(request), request.body),
  );

  app.patch(
    '/profile/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "Change the caller's language",
        body: profileLanguageInputSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => service.setLanguage(ctx, requireUser(request), request.body.language),
  );

  app.post(
    '/password/',
    {
      onRequest: guards.user,
      config: accountWriteLimit(ctx, 'account.password'),
      schema: {
        tags,
        summary: 'Change the password; every other login ends',
        body: changePasswordInputSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => own.changePassword(ctx, requireUser(request), request.body, request.ip),
  );

  // Generated on request and heavy (every report is opened): a few an hour per account.
  app.get(
    '/my-data/',
    {
      onRequest: guards.user,
      config: {
        rateLimit: {
          max: MY_DATA_EXPORTS_PER_HOUR,
          timeWindow: 3_600_000,
          hook: 'preHandler' as const,
          keyGenerator: (request: FastifyRequest) =>
            ctx.hash('account.my-data', request.auth.user?.id ?? 0),
        },
      },
      schema: {
        tags,
        summary: 'Everything the account holds, as a JSON file',
        response: { 200: myDataSchema },
      },
    },
    async (request, reply) => {
      const data = await own.exportMyData(ctx, requireUser(request));
      return reply
        .header('content-disposition', 'attachment; filename="candor-my-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/delete/',
    {
      onRequest: guards.user,
      config: accountWriteLimit(ctx, 'account.delete'),
      schema: {
        tags,
        summary: 'Delete the account; its reports stay for the case, without it',
        body: deleteAccountInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await own.deleteAccount(ctx, requireUser(request), request.body, request.ip);
      return reply.code(204).send(null);
    },
  );
};
