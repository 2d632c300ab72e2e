import type { createVoiceMessageFieldsSchema } from '@candor/contract/reports';
import type { z } from 'zod';
import { FieldValidationError } from '../../lib/errors';
import type { ReportForm } from '../../lib/report-form';
import { parseOrThrow } from '../../lib/validation';
import type { VoiceUpload } from './comments.service';

type VoiceFields = Partial<z.output<typeof createVoiceMessageFieldsSchema>> & { message: string };

/**
 * A voice message's form, read against `schema` (an administrator's or a reporter's fields): its
 * text fields, and the recording, which it must have, with no other file.
 */
export function readVoiceMessageForm<S extends z.ZodType<VoiceFields>>(
  form: ReportForm,
  schema: S,
): { fields: Required<Omit<VoiceFields, 'voice_token'>>; voice: VoiceUpload } {
  if (form.file) throw new FieldValidationError({ file_upload: ['This field is not allowed.'] });
  const { voice_token, ...fields } = parseOrThrow(schema, form.fields) as VoiceFields;
  if (!form.voice) {
    throw new FieldValidationError({ voice_recording: ['Record a voice message to send.'] });
  }
  return {
    fields: { is_internal: false, is_feedback: false, ...fields },
    voice: { recording: form.voice, token: voice_token },
  };
}
