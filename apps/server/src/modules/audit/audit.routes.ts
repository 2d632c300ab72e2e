import { auditChainSchema, auditPageSchema, auditQuerySchema } from '@candor/contract/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './audit.service';

/** The append-only audit log, for the superuser (docs/design.md "Tamper-evident audit"). Always a page. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = routeOptionsFor(['Audit']);
  app.get(
    '/',
    route.superuser('A page of the audit log, newest first', {
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    }),
    async (request) => service.pageAuditLog(ctx, request.query),
  );
  app.get(
    '/chain/',
    route.superuser("Check the audit log's hash chain", {
      response: { 200: auditChainSchema },
    }),
    async () => service.checkAuditChain(ctx),
  );
};
