import { evidenceTooLargeMessage } from '@candor/contract/reports';
import { VOICE_FILE_FIELD } from '@candor/contract/voice';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError, FieldValidationError, PayloadTooLargeError } from './errors';

/** `voice` is a recording to disguise or a disguised preview (modules/voice), never kept as is. */
export type ReportForm = {
  fields: Record<string, unknown>;
  file: Buffer | null;
  voice: Buffer | null;
};

const FILE_FIELD = 'file_upload';
const FILE_PARTS = [FILE_FIELD, VOICE_FILE_FIELD];

function tooLarge(maxBytes: number) {
  return new PayloadTooLargeError(evidenceTooLargeMessage(Math.round(maxBytes / (1024 * 1024))));
}

/**
 * Reads the submit form: multipart (what the web app sends) or JSON without a file. The file is
 * streamed and given up on as soon as it passes the limit, never held whole beyond it.
 */
export async function readReportForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReportForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, file: null, voice: null };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new BadRequestError('Send the report as a form or a JSON object.');
    }
    return { fields: body as Record<string, unknown>, file: null, voice: null };
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer | null> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!FILE_PARTS.includes(part.fieldname)) {
          part.file.resume();
          throw new FieldValidationError({ [part.fieldname]: ['This field is not allowed.'] });
        }
        if (part.fieldname in files) {
          part.file.resume();
          throw new BadRequestError('Attach at most one file.');
        }
        // Held in memory only, never written to disk (a recording is disguised from memory).
        const data = await part.toBuffer();
        // A browser sends an empty part when no file was chosen.
        files[part.fieldname] = data.length > 0 ? data : null;
      } else if (part.fieldname in fields) {
        throw new FieldValidationError({ [part.fieldname]: ['Send this field once.'] });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT_REACHED') throw new BadRequestError('Attach at most one file.');
    if (code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED') {
      throw new BadRequestError('The form has too many fields.');
    }
    if (error instanceof AppError || error instanceof FieldValidationError) throw error;
    // Anything else was raised while parsing what the client sent (a missing boundary, a part
    // cut short, "Unexpected end of form"): the body is at fault, not the server.
    throw new BadRequestError('The form could not be read.');
  }
  return { fields, file: files[FILE_FIELD] ?? null, voice: files[VOICE_FILE_FIELD] ?? null };
}

/**
 * Refuses an upload whose declared length is already past the limit, before reading it; `files`
 * is how many files of up to `maxBytes` the route takes (evidence and a voice recording: 2).
 */
export function checkDeclaredLength(request: FastifyRequest, maxBytes: number, files = 1) {
  const declared = Number(request.headers['content-length']);
  // Room for the text fields and the multipart framing around the files.
  if (Number.isFinite(declared) && declared > maxBytes * files + 256 * 1024) {
    throw tooLarge(maxBytes);
  }
}
