import {
  type AlertKind,
  type AlertMode,
  alertKinds,
  alertModes,
  alwaysOnAlertKinds,
  type MailSettings,
  type MailSettingsInput,
  mailSettingsInputSchema,
} from '@candor/contract/mail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useUpdateMailSettings } from '../api/mail';

/** The words for each kind of alert (the contract's alertKindLabels, in English). */
const alertKindWords: Record<AlertKind, string> = {
  new_report: 'mail.alertKind.newReport',
  reporter_reply: 'mail.alertKind.reporterReply',
  deadline_soon: 'mail.alertKind.deadlineSoon',
  deadline_missed: 'mail.alertKind.deadlineMissed',
  escalation: 'mail.alertKind.escalation',
  access_changed: 'mail.alertKind.accessChanged',
  admin_request: 'mail.alertKind.adminRequest',
};

const modeWords: Record<AlertMode, string> = {
  immediate: 'mail.mode.immediate',
  digest: 'mail.mode.digest',
  off: 'mail.mode.off',
};

const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00 UTC`,
}));

/** How each kind of alert arrives, and the hour of the daily digest. */
export function PreferencesForm({ settings }: { settings: MailSettings }) {
  const t = useT();
  const modeOptions = alertModes.map((value) => ({ value, label: t(modeWords[value]) }));
  const update = useUpdateMailSettings();
  const form = useContractForm(mailSettingsInputSchema, {
    defaultValues: { preferences: settings.preferences, digest_hour: settings.digest_hour },
  });
  const send = (input: MailSettingsInput) =>
    update.mutate(input, { onError: (error) => form.showServerErrors(error) });
  // One select per kind, named by its path in the body (`preferences.new_report`).
  const fieldOf = (kind: AlertKind) => form.field(`preferences.${kind}` as 'preferences');
  return (
    <form noValidate onSubmit={form.onSubmit(send)} className="space-y-3">
      {alertKinds.map((kind) => (
        <SelectField
          key={kind}
          label={t(alertKindWords[kind])}
          options={
            alwaysOnAlertKinds.includes(kind)
              ? modeOptions.filter((option) => option.value !== 'off')
              : modeOptions
          }
          hint={alwaysOnAlertKinds.includes(kind) ? t('mail.preferences.alwaysOn') : undefined}
          {...fieldOf(kind)}
        />
      ))}
      <SelectField
        label={t('mail.preferences.digestAt')}
        hint={t('mail.preferences.digestHint')}
        options={hours}
        {...form.field('digest_hour')}
      />
      {update.isError && (
        <Alert tone="error">{serverDetail(update.error) ?? t('mail.preferences.failed')}</Alert>
      )}
      {update.isSuccess && <Alert tone="success">{t('mail.preferences.saved')}</Alert>}
      <Button type="submit" isBusy={update.isPending} busyLabel={t('mail.common.saving')}>
        {t('mail.preferences.save')}
      </Button>
    </form>
  );
}
