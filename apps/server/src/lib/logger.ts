import pino from 'pino';

/**
 * The process logger. Authorization headers, cookies, tokens and passwords are redacted should
 * any code ever log them; request logging itself never records addresses (plugins/request-log).
 */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.refresh',
        '*.access',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
