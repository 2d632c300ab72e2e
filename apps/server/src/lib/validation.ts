import type { z } from 'zod';
import { FieldValidationError } from './errors';

/** Validates input that does not pass through a route schema (multipart forms), with the same error bodies. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] = ['This field is not allowed.'];
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  throw new FieldValidationError(fields);
}
