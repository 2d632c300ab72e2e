import { idParamsSchema } from '@candor/contract/params';
import {
  certificateQuerySchema,
  certificateVerificationSchema,
  verifyCertificateQuerySchema,
} from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/texts';
import { addressLimit, guards, requireUser } from '../auth/caller';
import * as service from './certificates.service';

export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The spec's path (section 7): /api/reports/reports/{id}/certificate/.
  app.get(
    '/reports/:id/certificate/',
    {
      onRequest: guards.user,
      schema: {
        tags: ['Reports'],
        summary: 'The PDF certificate of an own report',
        params: idParamsSchema,
        querystring: certificateQuerySchema,
        files: { 200: { description: 'The certificate', types: ['application/pdf'] } },
      },
    },
    async (request, reply) => {
      const certificate = await service.exportCertificate(
        ctx,
        requireUser(request),
        request.params.id,
        {
          withTitle: request.query.title === 'true',
          language: request.query.lang ?? requestLanguage(request),
        },
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${certificate.filename}"`)
        .send(certificate.pdf);
    },
  );

  app.get(
    '/certificates/verify/',
    {
      config: addressLimit(ctx.config.rateLimits.authPerMinute * 3),
      schema: {
        tags: ['Reports'],
        summary: 'Check a certificate by its code',
        querystring: verifyCertificateQuerySchema,
        response: { 200: certificateVerificationSchema },
      },
    },
    async (request) => service.verifyCertificate(ctx, request.query),
  );
};
