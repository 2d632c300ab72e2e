import { issuesToErrorBody, type ValidationIssue } from '@candor/contract/errors';
import type { Language } from '@candor/contract/languages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, FieldValidationError } from '../lib/errors';
import { errorSummary } from '../lib/logger';
import { localize, requestLanguage } from '../lib/texts';

type ValidationEntry = {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
};

/** Fastify's form of a zod issue (fastify-type-provider-zod) back to the issue. */
function toIssue(entry: ValidationEntry): ValidationIssue {
  const keys = entry.params.keys;
  return {
    code: entry.keyword,
    path: entry.instancePath.split('/').filter(Boolean),
    message: entry.message,
    keys: Array.isArray(keys) ? (keys as string[]) : undefined,
  };
}

/** Client errors raised by Fastify itself, with a message a person can act on. */
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in the request body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body.',
  FST_ERR_INVALID_URL: 'The address is not valid.',
  FST_ERR_BAD_URL: 'The address is not valid.',
};

/**
 * An error body's texts in the request's language (docs/api.md "Languages"): `detail` and every
 * field's messages; the codes, the fields and the shape stay as they are. Null when nothing
 * changes.
 */
export function localizeErrorBody(payload: string, language: Language): string | null {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  let changed = false;
  const texts = (text: string) => {
    const localized = localize(text, language);
    if (localized !== text) changed = true;
    return localized;
  };
  const localized: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail' && typeof value === 'string') localized[field] = texts(value);
    else if (Array.isArray(value))
      localized[field] = value.map((item) => (typeof item === 'string' ? texts(item) : item));
    else localized[field] = value;
  }
  return changed ? JSON.stringify(localized) : null;
}

/**
 * The one error handler (docs/style.md "Server"): typed errors and validation errors become 4xx JSON bodies;
 * anything else is logged (its class and code, never its message) and answered with a generic 500
 * that carries no detail of the cause.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof FieldValidationError) {
      return reply.code(400).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === 'params')
        return reply.code(404).send({ detail: 'Not found.' });
      return reply.code(400).send(issuesToErrorBody(error.validation.map(toIssue)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        (error.code && fastifyClientErrors[error.code]) ||
        (error instanceof SyntaxError ? 'Malformed JSON in the request body.' : error.message);
      return reply.code(status).send({ detail });
    }
    // Class, code and route pattern only (docs/protection.md "Protecting reporters", the log reader): a failed
    // query's message holds its SQL and parameters, a file error's message the file's path.
    request.log.error(
      {
        error: errorSummary(error),
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
      },
      'request failed',
    );
    return reply.code(500).send({ detail: 'Internal server error.' });
  });

  // Every error answer, whoever sent it, in the language the request asks for.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const language = requestLanguage(request);
    if (language === 'en') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.includes('application/json')) return payload;
    return localizeErrorBody(payload, language) ?? payload;
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
});
