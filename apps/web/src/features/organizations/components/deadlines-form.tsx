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
    ? `${next.acknowledge_days} days`
    : `the platform’s ${MAX_ACKNOWLEDGE_DAYS} days`;
  const feedback = next?.feedback_days ? `${next.feedback_days} days` : 'the platform’s 3 months';
  return `Saved: reports filed from now on are acknowledged within ${acknowledge} and answered within ${feedback}.`;
}

/**
 * The organisation administrator's legal periods (docs/api.md "Legal deadlines"): days to
 * acknowledge a report and to give feedback. Empty keeps the platform's (7 days, 3 months); they
 * can only be shorter, and apply to reports filed afterwards.
 */
export function DeadlinesForm({ organization }: { organization: NonNullable<MyOrganization> }) {
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
          ? 'Give a whole number of days.'
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
        else setFailure(serverDetail(error) ?? 'Could not save the deadlines. Please try again.');
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
        Deadlines for new reports
      </h3>
      <p className="text-sm text-muted">
        The law gives reporters an acknowledgement within {MAX_ACKNOWLEDGE_DAYS} days and feedback
        within 3 months. You may promise less; reports already filed keep their dates.
      </p>
      <TextField
        label="Acknowledge within (days)"
        hint={`From 1 to ${MAX_ACKNOWLEDGE_DAYS}. Leave empty for the platform’s ${MAX_ACKNOWLEDGE_DAYS} days.`}
        {...input('acknowledge_days')}
      />
      <TextField
        label="Give feedback within (days)"
        hint={`From 1 to ${MAX_ORGANIZATION_FEEDBACK_DAYS}, counted from the acknowledgement. Leave empty for the platform’s 3 months.`}
        {...input('feedback_days')}
      />
      {saved && (
        <p role="status" className="text-sm text-ink">
          {saved}
        </p>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" variant="secondary" isBusy={save.isPending} busyLabel="Saving...">
        Save deadlines
      </Button>
    </form>
  );
}
