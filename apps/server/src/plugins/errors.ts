import { issuesToErrorBody, type ValidationIssue } from '@candor/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, FieldValidationError } from '../lib/errors';
import { errorSummary } from '../lib/logger';

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

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
});
