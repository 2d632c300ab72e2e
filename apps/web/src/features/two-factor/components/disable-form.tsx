import {
  type TwoFactorDisableInput,
  twoFactorDisableInputSchema,
} from '@candor/contract/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useDisableTwoFactor } from '../api/disable-two-factor';

/** Turning it off takes a current code from the app and the current password. */
export function DisableForm() {
  const t = useT();
  const disable = useDisableTwoFactor();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(
    twoFactorDisableInputSchema,
    {
      defaultValues: { code: '', password: '' },
      requiredMessages: {
        code: t('two-factor.form.codeRequired'),
        password: t('two-factor.form.passwordRequired'),
      },
    },
  );
  const send = (input: TwoFactorDisableInput) =>
    disable.mutate(input, { onError: (error) => showServerErrors(error) });
  const detail =
    disable.isError && !errorOf('password') && !errorOf('code')
      ? (serverDetail(disable.error) ?? t('two-factor.disable.failed'))
      : null;
  return (
    <form noValidate onSubmit={onSubmit(send)} className="mt-4 space-y-3">
      <TextField
        label={t('two-factor.disable.codeLabel')}
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        {...field('code')}
      />
      <PasswordField label={t('two-factor.form.currentPassword')} {...field('password')} />
      {detail && <Alert tone="error">{detail}</Alert>}
      <Button
        type="submit"
        variant="danger"
        isBusy={disable.isPending}
        busyLabel={t('two-factor.disable.busy')}
      >
        {t('two-factor.disable.submit')}
      </Button>
    </form>
  );
}
