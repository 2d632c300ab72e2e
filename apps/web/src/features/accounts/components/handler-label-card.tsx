import { type HandlerLabelInput, handlerLabelInputSchema } from '@candor/contract/admin';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { useUpdateHandlerLabel } from '../api/update-handler-label';

/**
 * An administrator's label on /profile: how reporters choosing who reads their report see them
 * (docs/design.md "Keeping a report from someone").
 */
export function HandlerLabelCard({ label }: { label: string | null }) {
  const t = useT();
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
            ? t('accounts.handlerLabel.savedAs', { label: handler_label })
            : t('accounts.handlerLabel.savedDefault'),
        }),
      onError: (error) => {
        if (showServerErrors(error)) return;
        setMessage({
          tone: 'error',
          text: serverDetail(error) ?? t('accounts.handlerLabel.failed'),
        });
      },
    });
  return (
    <Card className="mt-6">
      <form noValidate onSubmit={onSubmit(send)} aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-xl font-semibold text-brand-900">
          {t('accounts.handlerLabel.heading')}
        </h2>
        <TextField
          label={t('accounts.handlerLabel.label')}
          autoComplete="off"
          isOptional
          hint={t('accounts.handlerLabel.hint')}
          {...field('handler_label')}
        />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <Button
          type="submit"
          variant="secondary"
          isBusy={save.isPending}
          busyLabel={t('accounts.common.saving')}
        >
          {t('accounts.handlerLabel.save')}
        </Button>
      </form>
    </Card>
  );
}
