import { deadlineSettingsSchema } from '@candor/contract/deadlines';
import {
  joinCodeSchema,
  joinOrganizationInputSchema,
  myOrganizationSchema,
  organizationMemberSchema,
  updateMyOrganizationInputSchema,
} from '@candor/contract/organizations';
import { idParamsSchema } from '@candor/contract/params';
import { retentionSettingsSchema } from '@candor/contract/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountWriteLimit, addressLimit, guards, requireUser } from '../auth/caller';
import * as service from './organizations.service';

export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Join codes are guessable only by volume: as strict as logging in.
  const codeLimit = addressLimit(ctx.config.rateLimits.authPerMinute);
  const tags = ['Organizations'];

  app.get(
    '/mine/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "The caller's organisation",
        response: { 200: myOrganizationSchema },
      },
    },
    async (request) => service.getMine(ctx, requireUser(request)),
  );

  app.patch(
    '/mine/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "Change the caller's organisation",
        body: updateMyOrganizationInputSchema,
        response: { 200: myOrganizationSchema },
      },
    },
    async (request) => service.updateMine(ctx, requireUser(request), request.body),
  );

  app.post(
    '/join/',
    {
      onRequest: guards.user,
      config: codeLimit,
      schema: {
        tags,
        summary: 'Join an organisation with its code',
        body: joinOrganizationInputSchema,
        response: { 200: myOrganizationSchema },
      },
    },
    async (request) => service.join(ctx, requireUser(request), request.body.code),
  );

  app.post(
    '/leave/',
    {
      onRequest: guards.user,
      schema: { tags, summary: "Leave the caller's organisation", response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.leave(ctx, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/join-code/',
    {
      onRequest: guards.user,
      schema: { tags, summary: 'A new join code', response: { 200: joinCodeSchema } },
    },
    async (request) => service.regenerateJoinCode(ctx, requireUser(request)),
  );

  app.put(
    '/deadlines/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "Set the organisation's deadlines",
        body: deadlineSettingsSchema,
        response: { 200: myOrganizationSchema },
      },
    },
    async (request) => service.updateDeadlines(ctx, requireUser(request), request.body),
  );

  app.put(
    '/retention/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "Set how long the organisation's closed reports are kept",
        body: retentionSettingsSchema,
        response: { 200: myOrganizationSchema },
      },
    },
    async (request) => service.updateRetention(ctx, requireUser(request), request.body),
  );

  app.get(
    '/members/',
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: "The accounts of the caller's organisation (its administrators only)",
        response: { 200: organizationMemberSchema.array() },
      },
    },
    async (request) => service.listMembers(ctx, requireUser(request)),
  );

  app.post(
    '/members/:id/remove/',
    {
      onRequest: guards.user,
      config: accountWriteLimit(ctx, 'rate.organization-members'),
      schema: {
        tags,
        summary: "Remove a member from the caller's organisation (its administrators only)",
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.removeMember(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
