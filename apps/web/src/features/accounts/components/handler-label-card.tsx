import { type HandlerLabelInput, handlerLabelInputSchema } from '@candor/contract/admin';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useUpdateHandlerLabel } from '../api/update-handler-label';

export const LABEL_HINT =
  'Reporters see this before they write, with a box to keep you out of a report about you. For example “Compliance officer” or “HR, North site”. Leave empty to be shown as “Administrator”.';

/**
 * An administrator's label on /profile: how reporters choosing who reads their report see them
 * (docs/design.md "Keeping a report from someone").
 */
export function HandlerLabelCard({ label }: { label: string | null }) {
  const headingId = useId();
  const save = useUpdateHandlerLabel();
  const { field, message, setMessage, onSubmit, showServerErrors } = useContractForm(
    handlerLabelInputSchema,
    { defaultValues: { handler_label: label ?? '' } satisfies HandlerLabelInput },
  );
  const send = (values: HandlerLabelInput) =>
    save.mutate(values, {
      onSuccess: ({ handler_label }) =>
        setMessage({
          tone: 'success',
          text: handler_label
            ? `Saved: reporters see you as “${handler_label}”.`
            : 'Saved: reporters see you as “Administrator”.',
        }),
      onError: (error) => {
        if (showServerErrors(error)) return;
        setMessage({
          tone: 'error',
          text: serverDetail(error) ?? 'Could not save your label. Please try again.',
        });
      },
    });
  return (
    <Card className="mt-6">
      <form noValidate onSubmit={onSubmit(send)} aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-xl font-semibold text-brand-900">
          How reporters see you
        </h2>
        <TextField
          label="Your label"
          autoComplete="off"
          isOptional
          hint={LABEL_HINT}
          {...field('handler_label')}
        />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Button type="submit" variant="secondary" isBusy={save.isPending} busyLabel="Saving...">
          Save label
        </Button>
      </form>
    </Card>
  );
}
