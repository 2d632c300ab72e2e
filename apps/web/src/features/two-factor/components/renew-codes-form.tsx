import {
  type TwoFactorPasswordInput,
  twoFactorPasswordInputSchema,
} from '@candor/contract/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';

/**
 * New recovery codes, with the current password: for someone who used some, or fears the list
 * was seen. The earlier codes stop working; the new ones are shown once.
 */
export function RenewCodesForm({ onRenewed }: { onRenewed(codes: string[]): void }) {
  const renew = useRenewRecoveryCodes();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(
    twoFactorPasswordInputSchema,
    {
      defaultValues: { password: '' },
      requiredMessages: { password: 'Enter your current password.' },
    },
  );
  const send = (input: TwoFactorPasswordInput) =>
    renew.mutate(input, {
      onSuccess: (answer) => onRenewed(answer.recovery_codes),
      onError: (error) => showServerErrors(error),
    });
  const detail =
    renew.isError && !errorOf('password')
      ? (serverDetail(renew.error) ?? 'Could not make new codes. Please try again.')
      : null;
  return (
    <form noValidate onSubmit={onSubmit(send)} className="mt-4 space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">New recovery codes</h2>
      <p className="text-sm text-ink">Makes ten new codes; the ones you have now stop working.</p>
      <TextField
        label="Your current password, for new codes"
        type="password"
        required
        autoComplete="current-password"
        {...field('password')}
      />
      {detail && <Alert tone="error">{detail}</Alert>}
      <Button
        type="submit"
        variant="secondary"
        isBusy={renew.isPending}
        busyLabel="Making codes..."
      >
        Make new recovery codes
      </Button>
    </form>
  );
}
