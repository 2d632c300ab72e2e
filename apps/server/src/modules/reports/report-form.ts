import { evidenceTooLargeMessage } from '@candor/contract/reports';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  BadRequestError,
  FieldValidationError,
  PayloadTooLargeError,
} from '../../lib/errors';

export type ReportForm = { fields: Record<string, unknown>; file: Buffer | null };

const FILE_FIELD = 'file_upload';

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
    if (body === undefined || body === null) return { fields: {}, file: null };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new BadRequestError('Send the report as a form or a JSON object.');
    }
    return { fields: body as Record<string, unknown>, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD) {
          part.file.resume();
          throw new FieldValidationError({ [part.fieldname]: ['This field is not allowed.'] });
        }
        const data = await part.toBuffer();
        // A browser sends an empty part when no file was chosen.
        file = data.length > 0 ? data : null;
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
  return { fields, file };
}

/** Refuses an upload whose declared length is already past the limit, before reading it. */
export function checkDeclaredLength(request: FastifyRequest, maxBytes: number) {
  const declared = Number(request.headers['content-length']);
  // Room for the text fields and the multipart framing around the file.
  if (Number.isFinite(declared) && declared > maxBytes + 256 * 1024) throw tooLarge(maxBytes);
}
