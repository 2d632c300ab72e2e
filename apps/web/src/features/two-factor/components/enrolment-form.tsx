import {
  type TwoFactorCodeInput,
  type TwoFactorEnabled,
  type TwoFactorPasswordInput,
  twoFactorCodeInputSchema,
  twoFactorPasswordInputSchema,
} from '@candor/contract/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useConfirmEnrolment } from '../api/confirm-enrolment';
import { useStartEnrolment } from '../api/start-enrolment';

/**
 * Setting up: the current password first (a session left open is not enough), then a new secret
 * shown once, as a QR code and as text for typing in by hand, then the first code from the app
 * to turn it on.
 */
export function EnrolmentForm({ onEnabled }: { onEnabled(enabled: TwoFactorEnabled): void }) {
  const t = useT();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const proof = useContractForm(twoFactorPasswordInputSchema, {
    defaultValues: { password: '' },
    requiredMessages: { password: t('two-factor.form.passwordRequired') },
  });
  const begin = (input: TwoFactorPasswordInput) =>
    start.mutate(input, {
      onError: (error) => {
        if (!proof.showServerErrors(error)) {
          proof.setMessage({
            tone: 'error',
            text: serverDetail(error) ?? t('two-factor.enrol.startFailed'),
          });
        }
      },
    });
  const { field, onSubmit, message, setMessage } = useContractForm(twoFactorCodeInputSchema, {
    defaultValues: { code: '' },
    requiredMessages: { code: t('two-factor.form.codeRequired') },
  });
  const send = (input: TwoFactorCodeInput) =>
    confirm.mutate(input, {
      onSuccess: onEnabled,
      onError: (error) =>
        setMessage({
          tone: 'error',
          text: serverDetail(error) ?? t('two-factor.enrol.checkFailed'),
        }),
    });

  if (!start.data) {
    return (
      <Card>
        <p className="text-ink">{t('two-factor.enrol.intro')}</p>
        <form noValidate onSubmit={proof.onSubmit(begin)} className="mt-4 space-y-4">
          <PasswordField
            label={t('two-factor.form.currentPassword')}
            {...proof.field('password')}
          />
          {proof.message && (
            <Alert tone={proof.message.tone} focusKey={proof.message}>
              {proof.message.text}
            </Alert>
          )}
          <Button type="submit" isBusy={start.isPending} busyLabel={t('two-factor.enrol.starting')}>
            {t('two-factor.enrol.start')}
          </Button>
        </form>
      </Card>
    );
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('two-factor.enrol.scanHeading')}</h2>
      <img
        src={start.data.qr_code}
        alt={t('two-factor.enrol.qrAlt')}
        className="mt-3 size-48 rounded-lg border border-slate-200 bg-white"
      />
      <p className="mt-3 text-sm text-ink">{t('two-factor.enrol.cannotScan')}</p>
      <p
        className="mt-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-ink"
        data-testid="two-factor-secret"
      >
        {start.data.secret}
      </p>
      <h2 className="mt-6 text-lg font-semibold text-brand-900">
        {t('two-factor.enrol.codeHeading')}
      </h2>
      <form noValidate onSubmit={onSubmit(send)} className="mt-3 space-y-4">
        <TextField
          label={t('two-factor.enrol.codeLabel')}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          {...field('code')}
        />
        {message && (
          <Alert tone={message.tone} focusKey={message}>
            {message.text}
          </Alert>
        )}
        <Button
          type="submit"
          isBusy={confirm.isPending}
          busyLabel={t('two-factor.enrol.turningOn')}
        >
          {t('two-factor.enrol.turnOn')}
        </Button>
      </form>
    </Card>
  );
}
