import {
  type AlertKind,
  alertKindLabels,
  alertKinds,
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
import { useUpdateMailSettings } from '../api/mail';

const modeOptions = [
  { value: 'immediate', label: 'At once' },
  { value: 'digest', label: 'In the daily digest' },
  { value: 'off', label: 'Off' },
] as const;

const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00 UTC`,
}));

/** How each kind of alert arrives, and the hour of the daily digest. */
export function PreferencesForm({ settings }: { settings: MailSettings }) {
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
          label={alertKindLabels[kind]}
          options={
            alwaysOnAlertKinds.includes(kind)
              ? modeOptions.filter((option) => option.value !== 'off')
              : modeOptions
          }
          hint={alwaysOnAlertKinds.includes(kind) ? 'This alert cannot be turned off.' : undefined}
          {...fieldOf(kind)}
        />
      ))}
      <SelectField
        label="Daily digest at"
        hint="One email a day listing references only, if anything is waiting."
        options={hours}
        {...form.field('digest_hour')}
      />
      {update.isError && (
        <Alert tone="error">
          {serverDetail(update.error) ?? 'Could not save your choices. Please try again.'}
        </Alert>
      )}
      {update.isSuccess && <Alert tone="success">Your choices are saved.</Alert>}
      <Button type="submit" isBusy={update.isPending} busyLabel="Saving...">
        Save alert choices
      </Button>
    </form>
  );
}
