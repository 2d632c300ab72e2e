import { z } from './zod';

/** Every error answer carries `detail`, or one list of messages per field (docs/api.md "The API"). */
export const errorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** What the mapper reads of a zod issue; `z.core.$ZodIssue` fits it. */
export type ValidationIssue = {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  /** The names an `unrecognized_keys` issue refuses. */
  keys?: readonly string[];
};

export const NOT_ALLOWED_MESSAGE = 'This field is not allowed.';

/**
 * The one mapping of zod issues to an error body, used by the server's answers and the web
 * app's forms: `{field: [messages]}` by the first segment of each issue's path (a refused key as
 * `field.key`, or `key` at the top); issues about the input as a whole become `{detail}`, or
 * `non_field_errors` beside field errors.
 */
export function issuesToErrorBody(issues: readonly ValidationIssue[]): FieldErrors | ErrorBody {
  const fields: FieldErrors = {};
  const general: string[] = [];
  for (const issue of issues) {
    const first = issue.path[0];
    const field = first === undefined ? undefined : String(first);
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      const prefix = field === undefined ? '' : `${field}.`;
      for (const key of issue.keys) fields[`${prefix}${key}`] = [NOT_ALLOWED_MESSAGE];
    } else if (field !== undefined) {
      fields[field] = [...(fields[field] ?? []), issue.message ?? 'Invalid value.'];
    } else {
      general.push(issue.message ?? 'Invalid input.');
    }
  }
  if (general.length > 0 && Object.keys(fields).length === 0) return { detail: general.join(' ') };
  if (general.length > 0) fields.non_field_errors = general;
  return fields;
}
