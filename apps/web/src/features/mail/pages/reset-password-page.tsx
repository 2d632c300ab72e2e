import { type PasswordResetInput, passwordResetInputSchema } from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Page } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { tokenFromHash, useResetPassword } from '../api/mail';

/** /reset-password#token=...: a staff member chooses a new password from the emailed link. */
export function ResetPasswordPage() {
  const reset = useResetPassword();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(passwordResetInputSchema, {
    defaultValues: { token: tokenFromHash(window.location.hash), new_password: '' },
    requiredMessages: { new_password: 'Choose a new password.' },
  });
  const send = (input: PasswordResetInput) =>
    reset.mutate(input, { onError: (error) => showServerErrors(error) });
  const detail =
    reset.isError && !errorOf('new_password')
      ? (serverDetail(reset.error) ?? 'Could not change the password. Please try again.')
      : (errorOf('token') ?? null);
  return (
    <Page
      title="Choose a new password"
      lead="Every login of your account ends; your second factor stays as it is."
    >
      {reset.isSuccess ? (
        <>
          <Alert tone="success">{reset.data.detail}</Alert>
          <LinkButton to={paths.login} className="mt-6">
            Sign in
          </LinkButton>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
          <TextField
            label="New password"
            type="password"
            required
            autoComplete="new-password"
            {...field('new_password')}
          />
          {detail && <Alert tone="error">{detail}</Alert>}
          <Button type="submit" isBusy={reset.isPending} busyLabel="Saving...">
            Set the new password
          </Button>
        </form>
      )}
    </Page>
  );
}
