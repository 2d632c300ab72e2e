import { idParamsSchema } from '@candor/contract/params';
import {
  createMessageInputSchema,
  createVoiceMessageFieldsSchema,
  reportMessageSchema,
} from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { voiceFilePart } from '../../lib/api-docs';
import { checkDeclaredLength, readReportForm } from '../../lib/report-form';
import { accountWriteLimit, CHANGES_NO_ACCOUNT, guards, requireUser } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './comments.service';
import { readVoiceMessageForm } from './voice-message-form';

export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Messages'];
  const route = routeOptionsFor(tags);

  app.get(
    '/:id/comments/',
    route.user("A report's thread, oldest first", {
      params: idParamsSchema,
      response: { 200: z.array(reportMessageSchema) },
    }),
    async (request) => service.listMessages(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/:id/comments/',
    route.user(
      "Add a message to a report's thread",
      {
        params: idParamsSchema,
        body: createMessageInputSchema,
        response: { 201: reportMessageSchema },
      },
      { ...accountWriteLimit(ctx, 'rate.message-write'), ...CHANGES_NO_ACCOUNT },
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.postMessage(ctx, requireUser(request), request.params.id, request.body),
        ),
  );

  app.post(
    '/:id/comments/voice/',
    {
      onRequest: guards.user,
      config: { ...accountWriteLimit(ctx, 'rate.message-write'), ...CHANGES_NO_ACCOUNT },
      preValidation: async (request) => checkDeclaredLength(request, ctx.config.uploads.maxBytes),
      schema: {
        tags,
        summary: "Add a voice message to a report's thread (disguised before it is kept)",
        params: idParamsSchema,
        form: createVoiceMessageFieldsSchema.extend({ voice_recording: voiceFilePart }),
        response: { 201: reportMessageSchema },
      },
    },
    async (request, reply) => {
      const { fields, voice } = readVoiceMessageForm(
        await readReportForm(request, ctx.config.uploads.maxBytes),
        createVoiceMessageFieldsSchema,
      );
      const message = await service.postMessage(
        ctx,
        requireUser(request),
        request.params.id,
        fields,
        voice,
      );
      return reply.code(201).send(message);
    },
  );
};
