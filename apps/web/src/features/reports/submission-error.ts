import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';

/**
 * As in the original product (Submit): the message for a failed submission. When the server could not be
 * reached, the spec's 'Network error or server unavailable.' becomes a sentence that says what
 * happened to the report and what to do: it is not lost (docs/differences.md).
 */
export function submissionErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return t('reports.submit.notSent');
  const body = error.body as Record<string, unknown> | null;
  if (body && typeof body.detail === 'string')
    return t('reports.submit.errorDetail', { detail: body.detail });
  if (body && Array.isArray(body.non_field_errors)) return body.non_field_errors.join(', ');
  return t('reports.submit.failed');
}
