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
import { accountWriteLimit, guards, requireAdmin } from '../auth/caller';
import * as service from './admin.service';
import { applyBulk } from './bulk.service';
import { exportReports } from './export.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Admin'];

  app.get(
    '/reports/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: "Reports in the administrator's scope, filtered and searched",
        querystring: adminReportsQuerySchema,
        response: { 200: listOrPageOf(adminReportSchema) },
      },
    },
    async (request) => service.listReports(ctx, requireAdmin(request), request.query),
  );

  app.get(
    '/handlers/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: "The handlers of the administrator's scope, who may be assigned its cases",
        response: { 200: handlerSchema.array() },
      },
    },
    async (request) => service.listHandlers(ctx, requireAdmin(request)),
  );

  app.put(
    '/handler-label/',
    {
      onRequest: guards.admin,
      config: accountWriteLimit(ctx, 'rate.message-write'),
      schema: {
        tags,
        summary: 'How the caller is shown to reporters choosing who reads their report',
        body: handlerLabelInputSchema,
        response: { 200: z.object({ handler_label: z.string().nullable() }) },
      },
    },
    async (request) =>
      service.setHandlerLabel(ctx, requireAdmin(request), request.body.handler_label),
  );

  app.get(
    '/reports/:id/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: "One report of the administrator's list, as the list shows it",
        params: idParamsSchema,
        response: { 200: adminReportSchema },
      },
    },
    async (request) => service.getAdminReport(ctx, requireAdmin(request), request.params.id),
  );

  app.post(
    '/reports/:id/assign/',
    {
      onRequest: guards.admin,
      config: accountWriteLimit(ctx, 'rate.message-write'),
      schema: {
        tags,
        summary: 'Assign a report to a handler in scope, or unassign it (null)',
        params: idParamsSchema,
        body: assignReportInputSchema,
        response: { 200: adminReportSchema },
      },
    },
    async (request) =>
      service.assignReport(ctx, requireAdmin(request), request.params.id, request.body.assignee_id),
  );

  app.post(
    '/reports/:id/take/',
    {
      onRequest: guards.admin,
      config: accountWriteLimit(ctx, 'rate.message-write'),
      schema: {
        tags,
        summary: 'Take an unassigned case (one of two at once wins; the other gets 409)',
        params: idParamsSchema,
        response: { 200: adminReportSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return service.assignReport(ctx, admin, request.params.id, admin.id, { take: true });
    },
  );

  app.post(
    '/reports/bulk/',
    {
      onRequest: guards.admin,
      config: accountWriteLimit(ctx, 'rate.message-write'),
      schema: {
        tags,
        summary:
          'One action (assign, take, tag, status) on several reports, each checked and audited on its own',
        body: bulkInputSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => applyBulk(ctx, requireAdmin(request), request.body),
  );

  app.get(
    '/analytics/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: "Counts of the reports in the administrator's scope",
        response: { 200: analyticsSchema },
      },
    },
    async (request) => service.getAnalytics(ctx, requireAdmin(request)),
  );

  app.patch(
    '/reports/:id/update/',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: "Change a report's status",
        params: idParamsSchema,
        body: updateReportStatusInputSchema,
        response: { 200: reportSchema },
      },
    },
    async (request) =>
      service.updateStatus(ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/reports/:id/acknowledge/',
    {
      onRequest: guards.admin,
      config: accountWriteLimit(ctx, 'rate.message-write'),
      schema: {
        tags,
        summary: 'Acknowledge a report, with an optional first message',
        params: idParamsSchema,
        body: acknowledgeReportInputSchema.nullish(),
        response: { 200: reportSchema },
      },
    },
    async (request) =>
      service.acknowledgeReport(ctx, requireAdmin(request), request.params.id, request.body ?? {}),
  );

  app.get(
    '/reports/export.csv',
    {
      onRequest: guards.admin,
      config: accountWriteLimit(ctx, 'rate.report-export'),
      schema: {
        tags,
        summary: "The reports in the administrator's scope as CSV",
        querystring: adminExportQuerySchema,
        files: { 200: { description: 'The CSV file', types: ['text/csv'] } },
      },
    },
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
