import { type ZodType, z } from 'zod';

/** An answer that is a file, not JSON: its media types and what it is. */
export type FileAnswer = { description: string; types: readonly string[] };

/**
 * Keys of a route's `schema` that only describe the route in /api/openapi.json
 * (plugins/api-docs.ts). Fastify compiles a validator for `params`, `querystring`, `body` and
 * `headers` and a serializer for `response` only; these keys are never compiled, so they change
 * nothing in what a route accepts or answers.
 */
declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart form the handler reads itself (lib/report-form.ts), text fields and
     * file: given as `body` it would be validated against the unparsed stream and refused.
     */
    form?: ZodType;
    /** Answers that are files (a PDF, a CSV, evidence), by status code. */
    files?: Readonly<Record<number, FileAnswer>>;
    /** Error statuses the route answers beyond those read from its guards, schema and limits. */
    errorStatuses?: readonly number[];
  }
}

/** The security requirement of the /track routes: `Authorization: Guest <token>`. */
export const guestSessionSecurity = [{ guestSession: [] }] as const;

/** The file part of a `form`: evidence, checked by its bytes on the server (docs/protection.md "Evidence files"). */
export const evidenceFilePart = z
  .file()
  .optional()
  .describe('An image (JPEG, PNG, WebP, GIF, HEIC) or a video (MP4, MOV, WebM); at most one.');

export const voiceFilePart = z
  .file()
  .optional()
  .describe(
    'A voice recording (WebM or Ogg with Opus, MP4 with AAC, WAV), at most 10 minutes; the server disguises it before keeping it. Or a preview answered by `POST /api/voice/preview/`, with its `voice_token`.',
  );

/** What the description of a route taking a `form` says of JSON. */
export const FORM_ALSO_JSON = 'The text fields may also be sent as a JSON object, without a file.';
