import {
  type DeadlineSettings,
  deadlineSettingsSchema,
  MAX_ACKNOWLEDGE_DAYS,
  MAX_ORGANIZATION_FEEDBACK_DAYS,
} from '@candor/contract/deadlines';
import type { MyOrganization } from '@candor/contract/organizations';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { fieldErrors, serverDetail } from '@/lib/error-messages';
import { t, useT } from '@/lib/i18n';
import { useSetDeadlines } from '../api/set-deadlines';

type Field = keyof DeadlineSettings;
type Errors = Partial<Record<Field, string>>;

/** What was typed: empty keeps the platform's period; anything but digits is not a number. */
function daysOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function savedSentence(next: MyOrganization): string {
  const acknowledge = next?.acknowledge_days
    ? t('organizations.deadlines.days', { days: next.acknowledge_days })
    : t('organizations.deadlines.platformDays', { days: MAX_ACKNOWLEDGE_DAYS });
  const feedback = next?.feedback_days
    ? t('organizations.deadlines.days', { days: next.feedback_days })
    : t('organizations.deadlines.platformMonths');
  return t('organizations.deadlines.saved', { acknowledge, feedback });
}

/**
 * The organisation administrator's legal periods (docs/api.md "Legal deadlines"): days to
 * acknowledge a report and to give feedback. Empty keeps the platform's (7 days, 3 months); they
 * can only be shorter, and apply to reports filed afterwards.
 */
export function DeadlinesForm({ organization }: { organization: NonNullable<MyOrganization> }) {
  const t = useT();
  const save = useSetDeadlines();
  const headingId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    acknowledge_days: organization.acknowledge_days?.toString() ?? '',
    feedback_days: organization.feedback_days?.toString() ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setFailure(null);
    const parsed = deadlineSettingsSchema.safeParse({
      acknowledge_days: daysOf(values.acknowledge_days),
      feedback_days: daysOf(values.feedback_days),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as Field;
        next[name] ??= Number.isNaN(daysOf(values[name]) ?? 0)
          ? t('organizations.common.wholeDays')
          : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (next) => setSaved(savedSentence(next)),
      onError: (error) => {
        const fields = fieldErrors(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setFailure(serverDetail(error) ?? t('organizations.deadlines.failed'));
      },
    });
  };
  const input = (name: Field) => ({
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    isOptional: true,
    error: errors[name],
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="mt-6 space-y-3">
      <h3 id={headingId} className="font-semibold text-ink">
        {t('organizations.deadlines.heading')}
      </h3>
      <p className="text-sm text-muted">
        {t('organizations.deadlines.law', { days: MAX_ACKNOWLEDGE_DAYS })}
      </p>
      <TextField
        label={t('organizations.deadlines.acknowledgeLabel')}
        hint={t('organizations.deadlines.acknowledgeHint', { max: MAX_ACKNOWLEDGE_DAYS })}
        {...input('acknowledge_days')}
      />
      <TextField
        label={t('organizations.deadlines.feedbackLabel')}
        hint={t('organizations.deadlines.feedbackHint', { max: MAX_ORGANIZATION_FEEDBACK_DAYS })}
        {...input('feedback_days')}
      />
      {saved && (
        <p role="status" className="text-sm text-ink">
          {saved}
        </p>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button
        type="submit"
        variant="secondary"
        isBusy={save.isPending}
        busyLabel={t('organizations.common.saving')}
      >
        {t('organizations.deadlines.save')}
      </Button>
    </form>
  );
}
