import { issuesToErrorBody } from '@candor/contract/errors';
import type { z } from 'zod';
import { FieldValidationError } from './errors';

/** Validates input that does not pass through a route schema (multipart forms), with the same error bodies. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new FieldValidationError(issuesToErrorBody(result.error.issues));
}
