import { idParamsSchema } from '@candor/contract/params';
import {
  VOICE_DURATION_HEADER,
  VOICE_FILE_FIELD,
  VOICE_TOKEN_HEADER,
} from '@candor/contract/voice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { voiceFilePart } from '../../lib/api-docs';
import { BadRequestError, FieldValidationError } from '../../lib/errors';
import { VOICE_MIME } from '../../lib/evidence/voice-plan';
import { sendStoredFile } from '../../lib/file-reply';
import { checkDeclaredLength, readReportForm } from '../../lib/report-form';
import { perAddress } from '../auth/caller';
import { routeOptionsFor } from '../auth/route-options';
import * as service from './voice.service';

const linkQuerySchema = z.object({
  expires: z.unknown().optional(),
  signature: z.unknown().optional(),
});

/** Voice messages (docs/protection.md "Voice messages"): the listen-back, and the stored files. */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const maxBytes = ctx.config.uploads.maxBytes;
  const tags = ['Voice'];
  const route = routeOptionsFor(tags);

  app.post(
    '/preview/',
    {
      // Open to reporters without an account; each recording costs a media worker's time.
      config: perAddress(
        ctx,
        'rate.voice-preview',
        ctx.config.voice.previewsPerAddressPerHour,
        3_600_000,
      ),
      preValidation: async (request) => checkDeclaredLength(request, maxBytes),
      schema: {
        tags,
        summary: 'Disguise a recording and answer it, keeping nothing',
        description:
          `The answer is the disguised recording (\`${VOICE_MIME}\`). Its \`${VOICE_TOKEN_HEADER}\` ` +
          'header, sent as `voice_token` with the same bytes, keeps exactly this version; ' +
          `\`${VOICE_DURATION_HEADER}\` is its length.`,
        form: z.strictObject({ [VOICE_FILE_FIELD]: voiceFilePart }),
        files: { 200: { description: 'The disguised recording', types: [VOICE_MIME] } },
      },
    },
    async (request, reply) => {
      const form = await readReportForm(request, maxBytes);
      const extra = [...Object.keys(form.fields), ...(form.file ? ['file_upload'] : [])];
      if (extra.length > 0) {
        throw new FieldValidationError(
          Object.fromEntries(extra.map((name) => [name, ['This field is not allowed.']])),
        );
      }
      if (!form.voice) throw new BadRequestError('Send the recording as `voice_recording`.');
      const preview = await service.previewRecording(ctx, form.voice);
      return reply
        .header('content-type', VOICE_MIME)
        .header('cache-control', 'no-store')
        .header(VOICE_DURATION_HEADER, String(preview.durationMs))
        .header(VOICE_TOKEN_HEADER, preview.token)
        .send(preview.data);
    },
  );

  app.get(
    '/:id/',
    route.open('A voice message, by the signed link its report or message gives', {
      params: idParamsSchema,
      querystring: linkQuerySchema,
      files: {
        200: { description: 'The disguised recording', types: [VOICE_MIME] },
        206: { description: 'Part of it (a `Range` request)', types: [VOICE_MIME] },
      },
      errorStatuses: [416],
    }),
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        await service.getVoiceFile(ctx, request.params.id, request.query),
      ),
  );
};
