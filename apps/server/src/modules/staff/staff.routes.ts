import { idParamsSchema } from '@candor/contract/params';
import {
  handOverInputSchema,
  organizationStaffSchema,
  staffMemberSchema,
  staffPageSchema,
  staffQuerySchema,
  unadministeredOrganizationSchema,
} from '@candor/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards, requireSuperuser } from '../accounts/caller';
import * as service from './staff.service';

/** The superuser's Staff tab: who administers what, and changes to their access. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const onRequest = guards.superuser;

  app.get(
    '/',
    { onRequest, schema: { querystring: staffQuerySchema, response: { 200: staffPageSchema } } },
    async (request) => service.listStaff(ctx, request.query),
  );

  for (const change of ['revoke', 'deactivate', 'reactivate'] as const) {
    app.post(
      `/:id/${change}/`,
      { onRequest, schema: { params: idParamsSchema, response: { 200: staffMemberSchema } } },
      async (request) =>
        service.changeAccount(ctx, requireSuperuser(request), request.params.id, change),
    );
  }

  app.get(
    '/organizations-without-admin/',
    { onRequest, schema: { response: { 200: unadministeredOrganizationSchema.array() } } },
    async () => service.listUnadministeredOrganizations(ctx),
  );

  app.get(
    '/organizations/:id/',
    { onRequest, schema: { params: idParamsSchema, response: { 200: organizationStaffSchema } } },
    async (request) => service.getOrganizationStaff(ctx, request.params.id),
  );

  app.post(
    '/organizations/:id/admins/',
    {
      onRequest,
      schema: {
        params: idParamsSchema,
        body: handOverInputSchema,
        response: { 200: organizationStaffSchema },
      },
    },
    async (request) =>
      service.handOver(ctx, requireSuperuser(request), request.params.id, request.body),
  );
};
