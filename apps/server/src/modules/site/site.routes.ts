import { siteSettingsSchema } from '@candor/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** As in the original product: business hours Mon-Fri 9 AM - 5 PM. */
const BUSINESS_HOURS = 'Mon-Fri 9 AM - 5 PM';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const settings = {
    support_email: config.support.email,
    support_phone: config.support.phone,
    business_hours: BUSINESS_HOURS,
    max_upload_mb: Math.round((config.uploads.maxBytes / (1024 * 1024)) * 10) / 10,
  };
  app.get(
    '/site/',
    {
      schema: {
        tags: ['Site'],
        summary: 'Support contacts, business hours and the upload limit',
        response: { 200: siteSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return settings;
    },
  );
};
