import {
  adminReportsQuerySchema,
  analyticsSchema,
  updateReportStatusInputSchema,
} from '@candor/contract/admin';
import { listOrPageOf } from '@candor/contract/pagination';
import { idParamsSchema } from '@candor/contract/params';
import { reportSchema } from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards, requireAdmin } from '../accounts/caller';
import * as service from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/reports/',
    {
      onRequest: guards.admin,
      schema: {
        querystring: adminReportsQuerySchema,
        response: { 200: listOrPageOf(reportSchema) },
      },
    },
    async (request) => service.listReports(ctx, requireAdmin(request), request.query),
  );

  app.get(
    '/analytics/',
    { onRequest: guards.admin, schema: { response: { 200: analyticsSchema } } },
    async (request) => service.getAnalytics(ctx, requireAdmin(request)),
  );

  app.patch(
    '/reports/:id/update/',
    {
      onRequest: guards.admin,
      schema: {
        params: idParamsSchema,
        body: updateReportStatusInputSchema,
        response: { 200: reportSchema },
      },
    },
    async (request) =>
      service.updateStatus(ctx, requireAdmin(request), request.params.id, request.body.status),
  );
};
