import { ApiError } from '@/lib/api-client';
import { flattenMessages } from '@/lib/error-messages';
import { UnexpectedResponseError } from './api/register';

export const REGISTRATION_FALLBACK =
  'Registration failed. Please check your details and try again.';
export const UNEXPECTED_RESPONSE = 'Unexpected server response. Please try again.';

/** As in the original product: the keys whose message is shown, in order of preference (plus the code). */
const PREFERRED = ['detail', 'error', 'username', 'email', 'password', 'claim_code'] as const;

/**
 * As in the original product: the server's detail, error, username, email or password message, in that
 * order; lists joined with spaces; objects as 'field: messages' pairs joined with '; '; all
 * prefixed 'Registration failed:'.
 */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof UnexpectedResponseError) return UNEXPECTED_RESPONSE;
  const body = error instanceof ApiError ? error.body : undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return REGISTRATION_FALLBACK;
  const fields = body as Record<string, unknown>;
  const preferred = PREFERRED.find((key) => flattenMessages(fields[key]) !== '');
  const text = preferred ? flattenMessages(fields[preferred]) : flattenMessages(fields);
  return text ? `Registration failed: ${text}` : REGISTRATION_FALLBACK;
}
