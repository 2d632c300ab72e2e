import { type PasswordResetRequest, passwordResetRequestSchema } from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useRequestPasswordReset } from '../api/mail';

/** On /forgot-password, for staff: a reset link to their confirmed address. */
export function StaffResetForm() {
  const t = useT();
  const request = useRequestPasswordReset();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(
    passwordResetRequestSchema,
    {
      defaultValues: { email: '' },
      requiredMessages: { email: t('mail.staffReset.required') },
    },
  );
  const send = (input: PasswordResetRequest) =>
    request.mutate(input, { onError: (error) => showServerErrors(error) });
  return request.isSuccess ? (
    <Alert tone="success">{request.data.detail}</Alert>
  ) : (
    <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
      <EmailField label={t('mail.staffReset.label')} {...field('email')} />
      {request.isError && !errorOf('email') && (
        <Alert tone="error">{serverDetail(request.error) ?? t('mail.common.sendFailed')}</Alert>
      )}
      <Button type="submit" isBusy={request.isPending} busyLabel={t('mail.common.sending')}>
        {t('mail.staffReset.submit')}
      </Button>
    </form>
  );
}
