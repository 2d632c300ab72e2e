import { auditChainSchema, auditPageSchema, auditQuerySchema } from '@candor/contract/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../auth/caller';
import * as service from './audit.service';

/** The append-only audit log, for the superuser (docs/design.md "Tamper-evident audit"). Always a page. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Audit'];
  app.get(
    '/',
    {
      onRequest: guards.superuser,
      schema: {
        tags,
        summary: 'A page of the audit log, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => service.pageAuditLog(ctx, request.query),
  );
  app.get(
    '/chain/',
    {
      onRequest: guards.superuser,
      schema: {
        tags,
        summary: "Check the audit log's hash chain",
        response: { 200: auditChainSchema },
      },
    },
    async () => service.checkAuditChain(ctx),
  );
};
