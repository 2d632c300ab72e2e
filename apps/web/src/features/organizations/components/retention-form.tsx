import type { MyOrganization } from '@candor/contract/organizations';
import { retentionSettingsSchema } from '@candor/contract/retention';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useSetRetention } from '../api/set-retention';

/**
 * The organisation administrator's retention: how many days closed reports are kept before they
 * are deleted. Empty keeps the platform's period; the server refuses a longer one.
 */
export function RetentionForm({ organization }: { organization: NonNullable<MyOrganization> }) {
  const save = useSetRetention();
  const headingId = useId();
  const platformDays = organization.platform_retention_days;
  const [value, setValue] = useState(organization.retention_days?.toString() ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const text = value.trim();
    const days = text === '' ? null : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    const parsed = retentionSettingsSchema.safeParse({ retention_days: days });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a whole number of days.');
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (next) =>
        setSaved(
          next?.retention_days
            ? `Saved: closed reports are deleted ${next.retention_days} days after they close.`
            : `Saved: closed reports are deleted after the platform’s ${platformDays} days.`,
        ),
      onError: (failure) =>
        setError(serverDetail(failure) ?? 'Could not save the period. Please try again.'),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="mt-6 space-y-3">
      <h3 id={headingId} className="font-semibold text-ink">
        How long closed reports are kept
      </h3>
      <TextField
        label="Keep closed reports for (days)"
        inputMode="numeric"
        autoComplete="off"
        isOptional
        hint={`Resolved, rejected and cancelled reports, their messages and files are deleted this many days after they close. Leave empty for the platform’s ${platformDays} days; never more.`}
        error={error}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {saved && (
        <p role="status" className="text-sm text-ink">
          {saved}
        </p>
      )}
      <Button type="submit" variant="secondary" isBusy={save.isPending} busyLabel="Saving...">
        Save period
      </Button>
    </form>
  );
}
