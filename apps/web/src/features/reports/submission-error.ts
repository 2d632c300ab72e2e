import { ApiError } from '@/lib/api-client';

/** Spec section 8 (Submit): the message for a failed submission. */
export function submissionErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError)
    return 'Network error or server unavailable.';
  const body = error.body as Record<string, unknown> | null;
  if (body && typeof body.detail === 'string') return `Error: ${body.detail}`;
  if (body && Array.isArray(body.non_field_errors)) return body.non_field_errors.join(', ');
  return 'Submission failed. Please try again.';
}
