import { reportDestinationSchema } from '@candor/contract/enums';
import { idParamsSchema } from '@candor/contract/params';
import {
  createReportFieldsSchema,
  evidenceMimeTypes,
  readerSchema,
  reportSchema,
} from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evidenceFilePart, FORM_ALSO_JSON, voiceFilePart } from '../../lib/api-docs';
import { sendStoredFile } from '../../lib/file-reply';
import { checkDeclaredLength, readReportForm } from '../../lib/report-form';
import { accountWriteLimit, CHANGES_NO_ACCOUNT, guards, requireUser } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './reports.service';

/** Anything is accepted here: a link that is not exactly right answers 404 (lib/file-links.ts). */
const evidenceQuerySchema = z.object({
  expires: z.unknown().optional(),
  signature: z.unknown().optional(),
});

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const maxBytes = ctx.config.uploads.maxBytes;
  const tags = ['Reports'];
  const route = routeOptionsFor(tags);

  app.post(
    '/',
    {
      onRequest: guards.user,
      preValidation: async (request) => checkDeclaredLength(request, maxBytes, 2),
      config: { ...accountWriteLimit(ctx, 'rate.report-write'), ...CHANGES_NO_ACCOUNT },
      schema: {
        tags,
        summary: 'File a report, with one evidence file',
        description: FORM_ALSO_JSON,
        form: createReportFieldsSchema.extend({
          file_upload: evidenceFilePart,
          voice_recording: voiceFilePart,
        }),
        response: { 201: reportSchema },
      },
    },
    async (request, reply) => {
      const form = await readReportForm(request, maxBytes);
      return reply.code(201).send(await service.createReport(ctx, requireUser(request), form));
    },
  );

  app.get(
    '/',
    route.user("The caller's own reports", {
      response: { 200: z.array(reportSchema) },
    }),
    async (request) => service.listOwnReports(ctx, requireUser(request)),
  );

  app.get(
    '/readers/',
    route.user('Who reads a report sent to the chosen destination, so a reader can be kept out', {
      querystring: z.object({ destination: reportDestinationSchema.optional() }),
      response: { 200: z.array(readerSchema) },
    }),
    async (request) => service.readersFor(ctx, requireUser(request), request.query.destination),
  );

  app.get(
    '/:id/',
    route.user('One report the caller may see', {
      params: idParamsSchema,
      response: { 200: reportSchema },
    }),
    async (request) => service.getReport(ctx, requireUser(request), request.params.id),
  );

  app.delete(
    '/:id/',
    route.user('Delete an own report', {
      params: idParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.deleteReport(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/cancel/',
    route.user('Withdraw an own report', {
      params: idParamsSchema,
      response: { 200: reportSchema },
    }),
    async (request) => service.cancelReport(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/:id/evidence/',
    route.open('The evidence file of a report, by the signed link its report gives', {
      params: idParamsSchema,
      querystring: evidenceQuerySchema,
      files: {
        200: { description: 'The file', types: evidenceMimeTypes },
        206: { description: 'Part of the file (a `Range` request)', types: evidenceMimeTypes },
      },
      errorStatuses: [416],
    }),
    async (request, reply) => {
      const file = await service.getEvidence(ctx, request.params.id, request.query);
      return sendStoredFile(request, reply, file);
    },
  );
};
