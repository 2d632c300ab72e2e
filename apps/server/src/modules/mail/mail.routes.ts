import {
  detailSchema,
  mailSettingsInputSchema,
  mailSettingsSchema,
  passwordResetInputSchema,
  passwordResetRequestSchema,
  pgpKeyInputSchema,
  verifyAddressInputSchema,
} from '@candor/contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountWriteLimit, addressLimit, guards, requireUser } from '../auth/caller';
import * as service from './mail.service';

/** A staff member's email settings, address verification and password reset by email. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['Email'];
  const onRequest = guards.user;
  const writeLimit = accountWriteLimit(ctx, 'mail-settings');
  const authLimit = addressLimit(ctx.config.rateLimits.authPerMinute);

  app.get(
    '/mail/',
    {
      onRequest,
      schema: { tags, summary: 'My email settings (staff)', response: { 200: mailSettingsSchema } },
    },
    async (request) => service.getSettings(ctx, requireUser(request)),
  );

  app.patch(
    '/mail/',
    {
      onRequest,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Choose immediate, daily digest or off per alert, and the digest hour (UTC)',
        body: mailSettingsInputSchema,
        response: { 200: mailSettingsSchema },
      },
    },
    async (request) => service.updateSettings(ctx, requireUser(request), request.body),
  );

  app.put(
    '/mail/pgp-key/',
    {
      onRequest,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Add or replace my OpenPGP public key: alerts are encrypted to it',
        body: pgpKeyInputSchema,
        response: { 200: mailSettingsSchema },
      },
    },
    async (request) => service.setPgpKey(ctx, requireUser(request), request.body.key),
  );

  app.delete(
    '/mail/pgp-key/',
    {
      onRequest,
      config: writeLimit,
      schema: { tags, summary: 'Remove my OpenPGP key', response: { 200: mailSettingsSchema } },
    },
    async (request) => service.removePgpKey(ctx, requireUser(request)),
  );

  app.post(
    '/mail/verify/',
    {
      onRequest,
      config: writeLimit,
      schema: {
        tags,
        summary: 'Send a link to confirm my email address',
        response: { 202: detailSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.requestVerification(ctx, requireUser(request))),
  );

  app.post(
    '/mail/verify/confirm/',
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Follow a verification link (single use, 24 hours)',
        body: verifyAddressInputSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => service.confirmVerification(ctx, request.body.token),
  );

  app.post(
    '/password-reset/',
    {
      config: authLimit,
      schema: {
        tags,
        summary:
          'Ask for a password reset link (staff with a verified address); one answer for all',
        body: passwordResetRequestSchema,
        response: { 202: detailSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.requestPasswordReset(ctx, request.body.email, request.ip)),
  );

  app.post(
    '/password-reset/confirm/',
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Set a new password from a reset link (single use, 15 minutes)',
        body: passwordResetInputSchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => service.resetPassword(ctx, request.body),
  );
};
