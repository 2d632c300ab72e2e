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
import { requireSuperuser } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './staff.service';

/** The superuser's Staff tab: who administers what, and changes to their access. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeOptionsFor(['Staff']);
  const { ctx } = app;

  app.get(
    '/',
    route.superuser('Everyone with an administrator role, and deactivated accounts', {
      querystring: staffQuerySchema,
      response: { 200: staffPageSchema },
    }),
    async (request) => service.listStaff(ctx, request.query),
  );

  for (const change of ['revoke', 'deactivate', 'reactivate'] as const) {
    app.post(
      `/:id/${change}/`,
      route.superuser(
        `${change[0]?.toUpperCase()}${change.slice(1)} an account: at once, audited and notified`,
        { params: idParamsSchema, response: { 200: staffMemberSchema } },
      ),
      async (request) =>
        service.changeAccount(ctx, requireSuperuser(request), request.params.id, change),
    );
  }

  app.get(
    '/organizations-without-admin/',
    route.superuser('Organisations without an administrator', {
      response: { 200: unadministeredOrganizationSchema.array() },
    }),
    async () => service.listUnadministeredOrganizations(ctx),
  );

  app.get(
    '/organizations/:id/',
    route.superuser("An organisation's members and administrators", {
      params: idParamsSchema,
      response: { 200: organizationStaffSchema },
    }),
    async (request) => service.getOrganizationStaff(ctx, request.params.id),
  );

  app.post(
    '/organizations/:id/admins/',
    route.superuser(
      'Make a member an administrator of the organisation (hand-over or a second one)',
      {
        params: idParamsSchema,
        body: handOverInputSchema,
        response: { 200: organizationStaffSchema },
      },
    ),
    async (request) =>
      service.handOver(ctx, requireSuperuser(request), request.params.id, request.body),
  );
};
