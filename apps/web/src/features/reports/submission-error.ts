import { ApiError } from '@/lib/api-client';

/** What a reporter needs to hear when the report did not leave: it is not lost. */
export const NOT_SENT_MESSAGE = 'Your report was not sent. Nothing you typed was lost. Try again.';

/**
 * As in the original product (Submit): the message for a failed submission. When the server could not be
 * reached, the spec's 'Network error or server unavailable.' becomes a sentence that says what
 * happened to the report and what to do (docs/differences.md).
 */
export function submissionErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return NOT_SENT_MESSAGE;
  const body = error.body as Record<string, unknown> | null;
  if (body && typeof body.detail === 'string') return `Error: ${body.detail}`;
  if (body && Array.isArray(body.non_field_errors)) return body.non_field_errors.join(', ');
  return 'Submission failed. Please try again.';
}
