import { ApiError } from '@/lib/api-client';
import { flattenMessages } from '@/lib/error-messages';
import { t } from '@/lib/i18n';
import { UnexpectedResponseError } from './api/register';

/** As in the original product: the keys whose message is shown, in order of preference (plus the code). */
const PREFERRED = ['detail', 'error', 'username', 'email', 'password', 'claim_code'] as const;

/**
 * As in the original product: the server's detail, error, username, email or password message, in that
 * order; lists joined with spaces; objects as 'field: messages' pairs joined with '; '; all
 * prefixed 'Registration failed:'.
 */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof UnexpectedResponseError) return t('accounts.registration.unexpected');
  const body = error instanceof ApiError ? error.body : undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return t('accounts.registration.failed');
  }
  const fields = body as Record<string, unknown>;
  const preferred = PREFERRED.find((key) => flattenMessages(fields[key]) !== '');
  const text = preferred ? flattenMessages(fields[preferred]) : flattenMessages(fields);
  return text
    ? t('accounts.registration.failedWith', { detail: text })
    : t('accounts.registration.failed');
}
