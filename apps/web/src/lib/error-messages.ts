import { ApiError } from './api-client';

function flatten(value: unknown): string {
  if (Array.isArray(value)) return value.map(flatten).join(' ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([field, messages]) => `${field}: ${flatten(messages)}`)
      .join('; ');
  }
  return value === undefined || value === null ? '' : String(value);
}

/** The server's `detail` (or the first field's messages) of an error, or null. */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as Record<string, unknown>;
  if (typeof body.detail === 'string') return body.detail;
  const text = flatten(body);
  return text || null;
}

/** Field errors of a 400 answer, as `{field: 'messages joined'}`. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  if (!error.body || typeof error.body !== 'object' || Array.isArray(error.body)) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.body)) {
    if (field !== 'detail') result[field] = flatten(messages);
  }
  return result;
}

export { flatten as flattenMessages };
