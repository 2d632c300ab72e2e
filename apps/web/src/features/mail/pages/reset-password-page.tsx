import { type PasswordResetInput, passwordResetInputSchema } from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { tokenFromHash, useResetPassword } from '../api/mail';

/** /reset-password#token=...: a staff member chooses a new password from the emailed link. */
export function ResetPasswordPage() {
  const t = useT();
  const reset = useResetPassword();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(passwordResetInputSchema, {
    defaultValues: { token: tokenFromHash(window.location.hash), new_password: '' },
    requiredMessages: { new_password: t('mail.resetPassword.required') },
  });
  const send = (input: PasswordResetInput) =>
    reset.mutate(input, { onError: (error) => showServerErrors(error) });
  const detail =
    reset.isError && !errorOf('new_password')
      ? (serverDetail(reset.error) ?? t('mail.resetPassword.failed'))
      : (errorOf('token') ?? null);
  return (
    <Page title={t('mail.resetPassword.title')} lead={t('mail.resetPassword.lead')}>
      {reset.isSuccess ? (
        <>
          <Alert tone="success">{reset.data.detail}</Alert>
          <LinkButton to={paths.login} className="mt-6">
            {t('mail.resetPassword.signIn')}
          </LinkButton>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
          <PasswordField label={t('mail.resetPassword.label')} isNew {...field('new_password')} />
          {detail && <Alert tone="error">{detail}</Alert>}
          <Button type="submit" isBusy={reset.isPending} busyLabel={t('mail.common.saving')}>
            {t('mail.resetPassword.submit')}
          </Button>
        </form>
      )}
    </Page>
  );
}
