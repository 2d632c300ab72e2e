import { auditChainSchema, auditPageSchema, auditQuerySchema } from '@candor/contract/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../accounts/caller';
import * as service from './audit.service';

/** The append-only audit log, for the superuser (DESIGN.md 10). Always a page. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/',
    {
      onRequest: guards.superuser,
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => service.pageAuditLog(ctx, request.query),
  );
  app.get(
    '/chain/',
    { onRequest: guards.superuser, schema: { response: { 200: auditChainSchema } } },
    async () => service.checkAuditChain(ctx),
  );
};
