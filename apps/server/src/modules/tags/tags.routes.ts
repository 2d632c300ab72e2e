import { idParamsSchema } from '@candor/contract/params';
import {
  relatedReportSchema,
  reportLinkInputSchema,
  reportTagsInputSchema,
  tagInputSchema,
  tagSchema,
} from '@candor/contract/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountWriteLimit, requireAdmin } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './tags.service';

const linkParamsSchema = idParamsSchema.extend({ other: idParamsSchema.shape.id });

/** Tags of a scope and on its reports, and related reports (docs/api.md "Tags and related reports"). */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Admin'];
  const route = routeOptionsFor(tags);
  const write = accountWriteLimit(ctx, 'rate.message-write');

  app.get(
    '/tags/',
    route.admin("The tags of the caller's scope (their organisation's, or the platform's)", {
      response: { 200: tagSchema.array() },
    }),
    async (request) => service.listTags(ctx, requireAdmin(request)),
  );

  app.post(
    '/tags/',
    route.admin(
      'Create a tag: a name and a colour of the palette',
      {
        body: tagInputSchema,
        response: { 201: tagSchema },
      },
      write,
    ),
    async (request, reply) => {
      reply.code(201);
      return service.createTag(ctx, requireAdmin(request), request.body);
    },
  );

  app.patch(
    '/tags/:id/',
    route.admin(
      'Rename or recolour a tag',
      {
        params: idParamsSchema,
        body: tagInputSchema,
        response: { 200: tagSchema },
      },
      write,
    ),
    async (request) =>
      service.updateTag(ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.delete(
    '/tags/:id/',
    route.admin(
      'Delete a tag, taking it off every report',
      {
        params: idParamsSchema,
        response: { 204: z.null() },
      },
      write,
    ),
    async (request, reply) => {
      await service.deleteTag(ctx, requireAdmin(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/reports/:id/tags/',
    route.admin(
      "Set the tags of the caller's scope a report carries",
      {
        params: idParamsSchema,
        body: reportTagsInputSchema,
        response: { 200: tagSchema.array() },
      },
      write,
    ),
    async (request) =>
      service.setReportTags(ctx, requireAdmin(request), request.params.id, request.body.tag_ids),
  );

  app.get(
    '/reports/:id/related/',
    route.admin("The reports related to this one, those in the caller's list", {
      params: idParamsSchema,
      response: { 200: relatedReportSchema.array() },
    }),
    async (request) => service.listRelated(ctx, requireAdmin(request), request.params.id),
  );

  app.post(
    '/reports/:id/related/',
    route.admin(
      'Relate another report of the same scope to this one, by its reference number',
      {
        params: idParamsSchema,
        body: reportLinkInputSchema,
        response: { 200: relatedReportSchema.array() },
      },
      write,
    ),
    async (request) =>
      service.linkReports(ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.delete(
    '/reports/:id/related/:other/',
    route.admin(
      'Unrelate two reports',
      {
        params: linkParamsSchema,
        response: { 200: relatedReportSchema.array() },
      },
      write,
    ),
    async (request) =>
      service.unlinkReports(ctx, requireAdmin(request), request.params.id, request.params.other),
  );
};
