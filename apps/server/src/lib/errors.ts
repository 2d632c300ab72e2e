import type { ErrorBody, FieldErrors } from '@candor/contract/errors';

/** Typed errors thrown by services; the one error handler turns them into answers. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export class BadRequestError extends AppError {
  constructor(detail: string) {
    super(400, detail);
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail = 'Authentication credentials were not provided.') {
    super(401, detail, { 'www-authenticate': 'Bearer' });
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = 'You do not have permission to perform this action.') {
    super(403, detail);
  }
}

/** Also the answer for an object the caller may not see. */
export class NotFoundError extends AppError {
  constructor(detail = 'Not found.') {
    super(404, detail);
  }
}

/** The object changed since the caller read it (another request won a race). */
export class ConflictError extends AppError {
  constructor(detail: string) {
    super(409, detail);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(detail: string) {
    super(413, detail);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      retryAfterSeconds === 1
        ? `Request was throttled. Expected available in ${retryAfterSeconds} second.`
        : `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`,
      { 'retry-after': String(retryAfterSeconds) },
    );
  }
}

/**
 * 400 with one list of messages per field, e.g. `{username: ['...']}`, or `{detail}` when the
 * input as a whole is wrong.
 */
export class FieldValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly body: FieldErrors | ErrorBody) {
    super('Invalid input');
  }
}
