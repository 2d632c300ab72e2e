import { type PasswordResetRequest, passwordResetRequestSchema } from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useRequestPasswordReset } from '../api/mail';

/** On /forgot-password, for staff: a reset link to their confirmed address. */
export function StaffResetForm() {
  const request = useRequestPasswordReset();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(
    passwordResetRequestSchema,
    {
      defaultValues: { email: '' },
      requiredMessages: { email: 'Enter your email address.' },
    },
  );
  const send = (input: PasswordResetRequest) =>
    request.mutate(input, { onError: (error) => showServerErrors(error) });
  return request.isSuccess ? (
    <Alert tone="success">{request.data.detail}</Alert>
  ) : (
    <form noValidate onSubmit={onSubmit(send)} className="space-y-3">
      <TextField
        label="Your confirmed staff email address"
        type="email"
        required
        autoComplete="email"
        {...field('email')}
      />
      {request.isError && !errorOf('email') && (
        <Alert tone="error">
          {serverDetail(request.error) ?? 'Could not send the link. Please try again.'}
        </Alert>
      )}
      <Button type="submit" isBusy={request.isPending} busyLabel="Sending...">
        Email me a reset link
      </Button>
    </form>
  );
}
