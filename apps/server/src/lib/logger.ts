import pino, { type DestinationStream } from 'pino';

/** What a log line may say about an error: never its message, which can quote data. */
export type ErrorSummary = { type: string; code?: string; cause?: ErrorSummary; frames?: string };

const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_FRAMES = 6;

/**
 * An error as the log may carry it (docs/protection.md "Protecting reporters", the log reader): its class, its code
 * (a PostgreSQL SQLSTATE such as `42P01`, a Node code such as `ENOENT`, a Fastify code) and where
 * in the code it was thrown, and the same of its cause. Never the message: a failed query's
 * message holds its SQL and parameters (user ids, keyed hashes, file keys), a file error's the
 * file's path, a database error's the values that broke a constraint.
 */
export function errorSummary(error: unknown, depth = 0): ErrorSummary {
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const type = (error as object).constructor?.name || 'Object';
  const summary: ErrorSummary = { type };
  const code = (error as { code?: unknown }).code;
  if ((typeof code === 'string' && CODE_PATTERN.test(code)) || typeof code === 'number') {
    summary.code = String(code);
  }
  const stack = (error as { stack?: unknown }).stack;
  if (typeof stack === 'string') {
    // Only the frames of the server's own code ("    at name (file:line:column)"): the first
    // lines of a stack repeat the message.
    const frames = stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line) && !line.includes('node_modules'))
      .slice(0, MAX_FRAMES)
      .map((line) => line.trim());
    if (frames.length > 0) summary.frames = frames.join(' | ');
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 3) summary.cause = errorSummary(cause, depth + 1);
  return summary;
}

/**
 * The process logger. Code logs errors as `{ error: errorSummary(e) }`; an error logged raw under
 * `err` (pino's convention, as libraries do) is reduced the same way, so no path logs a message. Authorization headers, cookies, tokens and passwords are
 * redacted should any code ever log them; request logging itself never records addresses
 * (plugins/request-log).
 */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      serializers: { err: (error) => errorSummary(error) },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          // @fastify/multipart logs the request's headers at trace level.
          '*.headers.authorization',
          '*.headers.cookie',
          '*.password',
          '*.refresh',
          '*.access',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
