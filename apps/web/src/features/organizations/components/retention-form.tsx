import type { MyOrganization } from '@candor/contract/organizations';
import { retentionSettingsSchema } from '@candor/contract/retention';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useSetRetention } from '../api/set-retention';

/**
 * The organisation administrator's retention: how many days closed reports are kept before they
 * are deleted. Empty keeps the platform's period; the server refuses a longer one.
 */
export function RetentionForm({ organization }: { organization: NonNullable<MyOrganization> }) {
  const t = useT();
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
      setError(parsed.error.issues[0]?.message ?? t('organizations.common.wholeDays'));
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (next) =>
        setSaved(
          next?.retention_days
            ? t('organizations.retention.saved', { days: next.retention_days })
            : t('organizations.retention.savedPlatform', { days: platformDays }),
        ),
      onError: (failure) => setError(serverDetail(failure) ?? t('organizations.retention.failed')),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="mt-6 space-y-3">
      <h3 id={headingId} className="font-semibold text-ink">
        {t('organizations.retention.heading')}
      </h3>
      <TextField
        label={t('organizations.retention.label')}
        inputMode="numeric"
        autoComplete="off"
        isOptional
        hint={t('organizations.retention.hint', { days: platformDays })}
        error={error}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {saved && (
        <p role="status" className="text-sm text-ink">
          {saved}
        </p>
      )}
      <Button
        type="submit"
        variant="secondary"
        isBusy={save.isPending}
        busyLabel={t('organizations.common.saving')}
      >
        {t('organizations.retention.save')}
      </Button>
    </form>
  );
}
