import {
  type TwoFactorPasswordInput,
  twoFactorPasswordInputSchema,
} from '@candor/contract/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';

/**
 * New recovery codes, with the current password: for someone who used some, or fears the list
 * was seen. The earlier codes stop working; the new ones are shown once.
 */
export function RenewCodesForm({ onRenewed }: { onRenewed(codes: string[]): void }) {
  const t = useT();
  const renew = useRenewRecoveryCodes();
  const { field, onSubmit, showServerErrors, errorOf } = useContractForm(
    twoFactorPasswordInputSchema,
    {
      defaultValues: { password: '' },
      requiredMessages: { password: t('two-factor.form.passwordRequired') },
    },
  );
  const send = (input: TwoFactorPasswordInput) =>
    renew.mutate(input, {
      onSuccess: (answer) => onRenewed(answer.recovery_codes),
      onError: (error) => showServerErrors(error),
    });
  const detail =
    renew.isError && !errorOf('password')
      ? (serverDetail(renew.error) ?? t('two-factor.renew.failed'))
      : null;
  return (
    <form noValidate onSubmit={onSubmit(send)} className="mt-4 space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('two-factor.renew.heading')}</h2>
      <p className="text-sm text-ink">{t('two-factor.renew.explanation')}</p>
      <PasswordField label={t('two-factor.renew.passwordLabel')} {...field('password')} />
      {detail && <Alert tone="error">{detail}</Alert>}
      <Button
        type="submit"
        variant="secondary"
        isBusy={renew.isPending}
        busyLabel={t('two-factor.renew.busy')}
      >
        {t('two-factor.renew.submit')}
      </Button>
    </form>
  );
}
