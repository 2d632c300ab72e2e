import {
  acknowledgeReportInputSchema,
  adminExportQuerySchema,
  adminReportSchema,
  adminReportsQuerySchema,
  analyticsSchema,
  assignReportInputSchema,
  handlerLabelInputSchema,
  handlerSchema,
  updateReportStatusInputSchema,
} from '@candor/contract/admin';
import { listOrPageOf } from '@candor/contract/pagination';
import { idParamsSchema } from '@candor/contract/params';
import { reportSchema } from '@candor/contract/reports';
import { bulkInputSchema, bulkResultSchema } from '@candor/contract/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountWriteLimit, requireAdmin } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './admin.service';
import { applyBulk } from './bulk.service';
import { exportReports } from './export.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = routeOptionsFor(['Admin']);

  app.get(
    '/reports/',
    route.admin("Reports in the administrator's scope, filtered and searched", {
      querystring: adminReportsQuerySchema,
      response: { 200: listOrPageOf(adminReportSchema) },
    }),
    async (request) => service.listReports(ctx, requireAdmin(request), request.query),
  );

  app.get(
    '/handlers/',
    route.admin("The handlers of the administrator's scope, who may be assigned its cases", {
      response: { 200: handlerSchema.array() },
    }),
    async (request) => service.listHandlers(ctx, requireAdmin(request)),
  );

  app.put(
    '/handler-label/',
    route.admin(
      'How the caller is shown to reporters choosing who reads their report',
      {
        body: handlerLabelInputSchema,
        response: { 200: z.object({ handler_label: z.string().nullable() }) },
      },
      accountWriteLimit(ctx, 'rate.message-write'),
    ),
    async (request) =>
      service.setHandlerLabel(ctx, requireAdmin(request), request.body.handler_label),
  );

  app.get(
    '/reports/:id/',
    route.admin("One report of the administrator's list, as the list shows it", {
      params: idParamsSchema,
      response: { 200: adminReportSchema },
    }),
    async (request) => service.getAdminReport(ctx, requireAdmin(request), request.params.id),
  );

  app.post(
    '/reports/:id/assign/',
    route.admin(
      'Assign a report to a handler in scope, or unassign it (null)',
      {
        params: idParamsSchema,
        body: assignReportInputSchema,
        response: { 200: adminReportSchema },
      },
      accountWriteLimit(ctx, 'rate.message-write'),
    ),
    async (request) =>
      service.assignReport(ctx, requireAdmin(request), request.params.id, request.body.assignee_id),
  );

  app.post(
    '/reports/:id/take/',
    route.admin(
      'Take an unassigned case (one of two at once wins; the other gets 409)',
      {
        params: idParamsSchema,
        response: { 200: adminReportSchema },
      },
      accountWriteLimit(ctx, 'rate.message-write'),
    ),
    async (request) => {
      const admin = requireAdmin(request);
      return service.assignReport(ctx, admin, request.params.id, admin.id, { take: true });
    },
  );

  app.post(
    '/reports/bulk/',
    route.admin(
      'One action (assign, take, tag, status) on several reports, each checked and audited on its own',
      {
        body: bulkInputSchema,
        response: { 200: bulkResultSchema },
      },
      accountWriteLimit(ctx, 'rate.message-write'),
    ),
    async (request) => applyBulk(ctx, requireAdmin(request), request.body),
  );

  app.get(
    '/analytics/',
    route.admin("Counts of the reports in the administrator's scope", {
      response: { 200: analyticsSchema },
    }),
    async (request) => service.getAnalytics(ctx, requireAdmin(request)),
  );

  app.patch(
    '/reports/:id/update/',
    route.admin("Change a report's status", {
      params: idParamsSchema,
      body: updateReportStatusInputSchema,
      response: { 200: reportSchema },
    }),
    async (request) =>
      service.updateStatus(ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/reports/:id/acknowledge/',
    route.admin(
      'Acknowledge a report, with an optional first message',
      {
        params: idParamsSchema,
        body: acknowledgeReportInputSchema.nullish(),
        response: { 200: reportSchema },
      },
      accountWriteLimit(ctx, 'rate.message-write'),
    ),
    async (request) =>
      service.acknowledgeReport(ctx, requireAdmin(request), request.params.id, request.body ?? {}),
  );

  app.get(
    '/reports/export.csv',
    route.admin(
      "The reports in the administrator's scope as CSV",
      {
        querystring: adminExportQuerySchema,
        files: { 200: { description: 'The CSV file', types: ['text/csv'] } },
      },
      accountWriteLimit(ctx, 'rate.report-export'),
    ),
    async (request, reply) => {
      const csv = await exportReports(ctx, requireAdmin(request), request.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="candor-reports-${day}.csv"`)
        .send(csv);
    },
  );
};
