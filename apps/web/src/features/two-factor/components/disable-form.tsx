import { type TwoFactorCodeInput, twoFactorCodeInputSchema } from '@candor/contract/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useDisableTwoFactor } from '../api/disable-two-factor';

/** Turning it off takes a current code from the app. */
export function DisableForm() {
  const disable = useDisableTwoFactor();
  const { field, onSubmit } = useContractForm(twoFactorCodeInputSchema, {
    defaultValues: { code: '' },
    requiredMessages: { code: 'Enter the code from your app.' },
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit((input: TwoFactorCodeInput) => disable.mutate(input))}
      className="mt-4 space-y-3"
    >
      <TextField
        label="Code from your app, to turn it off"
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        {...field('code')}
      />
      {disable.isError && (
        <Alert tone="error">
          {serverDetail(disable.error) ?? 'Could not turn it off. Please try again.'}
        </Alert>
      )}
      <Button type="submit" variant="danger" isBusy={disable.isPending} busyLabel="Turning off...">
        Turn off two-factor authentication
      </Button>
    </form>
  );
}
