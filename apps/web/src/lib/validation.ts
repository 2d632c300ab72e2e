import type { z } from 'zod';

export type FieldMessages = Record<string, string>;

/**
 * Checks form values with the contract schema the server uses (STYLE.md "one shape, one
 * place"): the parsed data, or the first message of each field.
 */
export function validate<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { data: z.output<T>; errors: null } | { data: null; errors: FieldMessages } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldMessages = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
