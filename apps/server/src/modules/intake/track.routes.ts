import {
  proofOfWorkChallengeSchema,
  trackSessionInputSchema,
  trackSessionSchema,
} from '@candor/contract/intake';
import {
  certificateQuerySchema,
  createMessageInputSchema,
  createVoiceMessageFieldsSchema,
  reportMessageSchema,
  reportSchema,
} from '@candor/contract/reports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evidenceFilePart, guestSessionSecurity, voiceFilePart } from '../../lib/api-docs';
import { clientAddressKey } from '../../lib/client-address';
import { FieldValidationError } from '../../lib/errors';
import { checkDeclaredLength, readReportForm } from '../../lib/report-form';
import { requestLanguage } from '../../lib/texts';
import { perAddress } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import { readVoiceMessageForm } from '../comments/voice-message-form';
import { requireGuestReportId } from './guest-session';
import * as service from './track.service';

const guestMessageInputSchema = createMessageInputSchema.omit({ is_internal: true });
const guestVoiceMessageFieldsSchema = createVoiceMessageFieldsSchema.pick({
  message: true,
  voice_token: true,
});

/** /track: a guest follows their one report with the session their receipt opened (README). */
export const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const maxBytes = ctx.config.uploads.maxBytes;
  const reportOf = (request: FastifyRequest) => requireGuestReportId(ctx, request);
  const tags = ['Track'];
  const route = routeOptionsFor(tags);
  const security = guestSessionSecurity;
  // Writes per report, like an account's per account: never keyed by the address.
  const writeLimit = {
    rateLimit: {
      max: ctx.config.rateLimits.writePerMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: async (request: FastifyRequest) =>
        ctx.hash('rate.track-write', await reportOf(request).catch(() => 0)),
    },
  };
  /**
   * A form sent to the session's report: the session is checked first, then the size the form
   * declares, before anything is read.
   */
  const uploadTo = <S extends object>(summary: string, schema: S) => ({
    onRequest: async (request: FastifyRequest) => {
      await reportOf(request);
    },
    config: writeLimit,
    preValidation: async (request: FastifyRequest) => checkDeclaredLength(request, maxBytes),
    schema: { tags, security, summary, ...schema },
  });

  app.post(
    '/session/',
    {
      // Loose per address; wrong receipts have their own, strict, count (track.service.ts).
      config: perAddress(ctx, 'rate.track-session', 60, 60_000),
      schema: {
        tags,
        summary: 'Open a session for the report of a receipt',
        body: trackSessionInputSchema,
        response: { 200: trackSessionSchema },
      },
    },
    async (request) =>
      service.openSession(
        ctx,
        request.body.receipt,
        ctx.hash('rate.track-failure-address', clientAddressKey(request.ip)),
        request.body.proof,
      ),
  );

  app.get(
    '/challenge/',
    route.open(
      'A proof-of-work challenge, when /track asks for one (after many wrong receipts); null else',
      {
        response: { 200: proofOfWorkChallengeSchema.nullable() },
      },
      perAddress(ctx, 'rate.track-challenge', 60, 60_000),
    ),
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.trackChallenge(ctx)),
  );

  app.get(
    '/report/',
    { schema: { tags, security, summary: 'The report', response: { 200: reportSchema } } },
    async (request) => service.getReport(ctx, await reportOf(request)),
  );

  app.get(
    '/messages/',
    {
      schema: {
        tags,
        security,
        summary: "The report's thread, oldest first",
        response: { 200: z.array(reportMessageSchema) },
      },
    },
    async (request) => service.listMessages(ctx, await reportOf(request)),
  );

  app.post(
    '/messages/',
    {
      onRequest: async (request) => {
        await reportOf(request);
      },
      config: writeLimit,
      schema: {
        tags,
        security,
        summary: "Add a message to the report's thread",
        body: guestMessageInputSchema,
        response: { 201: reportMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.postMessage(ctx, await reportOf(request), request.body.message)),
  );

  app.post(
    '/messages/voice/',
    uploadTo("Add a voice message to the report's thread (disguised before it is kept)", {
      form: guestVoiceMessageFieldsSchema.extend({ voice_recording: voiceFilePart }),
      response: { 201: reportMessageSchema },
    }),
    async (request, reply) => {
      const { fields, voice } = readVoiceMessageForm(
        await readReportForm(request, maxBytes),
        guestVoiceMessageFieldsSchema,
      );
      const reportId = await reportOf(request);
      return reply.code(201).send(await service.postMessage(ctx, reportId, fields.message, voice));
    },
  );

  app.post(
    '/evidence/',
    uploadTo('Add the evidence file, while the report has none', {
      form: z.strictObject({ file_upload: evidenceFilePart }),
      response: { 200: reportSchema },
    }),
    async (request) => {
      const form = await readReportForm(request, maxBytes);
      const extra = Object.keys(form.fields);
      if (extra.length > 0) {
        throw new FieldValidationError(
          Object.fromEntries(extra.map((name) => [name, ['This field is not allowed.']])),
        );
      }
      if (form.voice) {
        throw new FieldValidationError({ voice_recording: ['This field is not allowed.'] });
      }
      return service.addEvidence(ctx, await reportOf(request), form.file);
    },
  );

  app.post(
    '/cancel/',
    {
      onRequest: async (request) => void (await reportOf(request)),
      schema: { tags, security, summary: 'Withdraw the report', response: { 200: reportSchema } },
    },
    async (request) => service.withdraw(ctx, await reportOf(request)),
  );

  const certificateSchema = {
    tags,
    security,
    summary: 'The PDF certificate of the report',
    querystring: certificateQuerySchema,
    files: { 200: { description: 'The certificate', types: ['application/pdf'] } },
  };
  app.get('/certificate/', { schema: certificateSchema }, async (request, reply) => {
    const certificate = await service.certificate(ctx, await reportOf(request), {
      withTitle: request.query.title === 'true',
      language: request.query.lang ?? requestLanguage(request),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${certificate.filename}"`)
      .send(certificate.pdf);
  });
};
