/** True when `error` (or the driver error it wraps) broke the named unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pgError = cause as { code?: string; constraint?: string; message?: string };
  return (
    pgError?.code === '23505' &&
    (pgError.constraint === constraint || pgError.message?.includes(constraint) === true)
  );
}
