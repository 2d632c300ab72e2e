import {
  createGuestReportFieldsSchema,
  guestReportCreatedSchema,
  intakeOrganizationSchema,
  proofOfWorkChallengeSchema,
} from '@candor/contract/intake';
import { readerSchema } from '@candor/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evidenceFilePart, FORM_ALSO_JSON, voiceFilePart } from '../../lib/api-docs';
import { checkDeclaredLength, readReportForm } from '../../lib/report-form';
import { perAddress } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import {
  challengeFor,
  fileGuestReport,
  getIntakeOrganization,
  intakeReaders,
} from './intake.service';

const slugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
const challengeQuerySchema = z.object({ slug: z.string().min(1).max(200).optional() });

/** Reporting without an account: `/o/{slug}/report` and `/report` (README). */
export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const maxBytes = ctx.config.uploads.maxBytes;
  // Loose, for a whole school or office behind one address; the destination has its own limit.
  const filingLimit = perAddress(
    ctx,
    'rate.intake-address',
    ctx.config.intake.perAddressPerHour,
    3_600_000,
  );
  const tags = ['Intake'];
  const route = routeOptionsFor(tags);
  const fileSchema = {
    tags,
    description: `No account: the \`proof\` field is a solved challenge of \`GET /api/intake/challenge/\`. ${FORM_ALSO_JSON}`,
    form: createGuestReportFieldsSchema.extend({
      file_upload: evidenceFilePart,
      voice_recording: voiceFilePart,
    }),
    response: { 201: guestReportCreatedSchema },
  };

  app.get(
    '/challenge/',
    route.open(
      "A proof-of-work challenge to solve before filing: to a link's organisation with `slug`, to the platform without",
      {
        querystring: challengeQuerySchema,
        response: { 200: proofOfWorkChallengeSchema },
      },
      perAddress(ctx, 'rate.intake-challenge', 120, 60_000),
    ),
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await challengeFor(ctx, request.query.slug ?? null)),
  );

  app.get(
    '/readers/',
    route.open(
      "Who reads a report sent to the platform's administrators from /report",
      {
        response: { 200: z.array(readerSchema) },
      },
      perAddress(ctx, 'rate.intake-page', 300, 60_000),
    ),
    async () => intakeReaders(ctx, null),
  );

  app.get(
    '/:slug/readers/',
    route.open(
      'Who reads a report sent from this link',
      {
        params: slugParamsSchema,
        response: { 200: z.array(readerSchema) },
      },
      perAddress(ctx, 'rate.intake-page', 300, 60_000),
    ),
    async (request) => intakeReaders(ctx, request.params.slug),
  );

  app.get(
    '/:slug/',
    route.open(
      'The organisation a reporting link names',
      {
        params: slugParamsSchema,
        response: { 200: intakeOrganizationSchema },
      },
      perAddress(ctx, 'rate.intake-page', 300, 60_000),
    ),
    async (request) => getIntakeOrganization(ctx, request.params.slug),
  );

  app.post(
    '/reports/',
    {
      config: filingLimit,
      preValidation: async (request) => checkDeclaredLength(request, maxBytes, 2),
      schema: { ...fileSchema, summary: 'File a report to the platform, without an account' },
    },
    async (request, reply) => {
      const form = await readReportForm(request, maxBytes);
      return reply.code(201).send(await fileGuestReport(ctx, null, form));
    },
  );

  app.post(
    '/:slug/reports/',
    {
      config: filingLimit,
      preValidation: async (request) => checkDeclaredLength(request, maxBytes, 2),
      schema: {
        ...fileSchema,
        summary: "File a report to a link's organisation, without an account",
        params: slugParamsSchema,
      },
    },
    async (request, reply) => {
      const form = await readReportForm(request, maxBytes);
      return reply.code(201).send(await fileGuestReport(ctx, request.params.slug, form));
    },
  );
};
