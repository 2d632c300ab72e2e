import {
  type TwoFactorDisableInput,
  twoFactorDisableInputSchema,
} from '@candor/contract/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useDisableTwoFactor } from '../api/disable-two-factor';

/** Turning it off takes a current code from the app and the current password. */
export function DisableForm() {
  const disable = useDisableTwoFactor();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(
    twoFactorDisableInputSchema,
    {
      defaultValues: { code: '', password: '' },
      requiredMessages: {
        code: 'Enter the code from your app.',
        password: 'Enter your current password.',
      },
    },
  );
  const send = (input: TwoFactorDisableInput) =>
    disable.mutate(input, { onError: (error) => showServerErrors(error) });
  const detail =
    disable.isError && !errorOf('password') && !errorOf('code')
      ? (serverDetail(disable.error) ?? 'Could not turn it off. Please try again.')
      : null;
  return (
    <form noValidate onSubmit={onSubmit(send)} className="mt-4 space-y-3">
      <TextField
        label="Code from your app, to turn it off"
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        {...field('code')}
      />
      <TextField
        label="Your current password"
        type="password"
        required
        autoComplete="current-password"
        {...field('password')}
      />
      {detail && <Alert tone="error">{detail}</Alert>}
      <Button type="submit" variant="danger" isBusy={disable.isPending} busyLabel="Turning off...">
        Turn off two-factor authentication
      </Button>
    </form>
  );
}
