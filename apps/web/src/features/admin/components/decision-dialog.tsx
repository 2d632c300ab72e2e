import { type FinalDecisionInput, finalDecisionInputSchema } from '@candor/contract/admin';
import { MESSAGE_MAX } from '@candor/contract/reports';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';

export type FinalStatus = FinalDecisionInput['status'];

/** Starting points an admin can take and change; the message sent is always theirs to read. */
export const decisionSuggestions: Record<FinalStatus, { labelId: string; textId: string }[]> = {
  resolved: [
    { labelId: 'admin.decision.actionTaken', textId: 'admin.decision.actionTakenText' },
    { labelId: 'admin.decision.passedOn', textId: 'admin.decision.passedOnText' },
  ],
  rejected: [
    { labelId: 'admin.decision.notEnoughDetail', textId: 'admin.decision.notEnoughDetailText' },
    { labelId: 'admin.decision.outside', textId: 'admin.decision.outsideText' },
  ],
};

const texts: Record<FinalStatus, { titleId: string; confirmId: string; busyId: string }> = {
  resolved: {
    titleId: 'admin.decision.resolveTitle',
    confirmId: 'admin.decision.resolveConfirm',
    busyId: 'admin.decision.resolving',
  },
  rejected: {
    titleId: 'admin.decision.rejectTitle',
    confirmId: 'admin.decision.rejectConfirm',
    busyId: 'admin.decision.rejecting',
  },
};

type DecisionDialogProps = {
  /** The decision being made, or null when the dialog is closed. */
  status: FinalStatus | null;
  reportTitle: string;
  isBusy: boolean;
  /** The failure of the last attempt, shown in the dialog. */
  error: string | null;
  onDecide(input: FinalDecisionInput): void;
  onCancel(): void;
};

/**
 * Resolve and Reject are final, so they are made in a dialog that asks for a message to the
 * reporter (required), sent with the decision as an ordinary reply.
 */
export function DecisionDialog({
  status,
  reportTitle,
  isBusy,
  error,
  onDecide,
  onCancel,
}: DecisionDialogProps) {
  const t = useT();
  const form = useContractForm(finalDecisionInputSchema, {
    defaultValues: { status: status ?? 'resolved', message: '' },
  });
  const { field, onSubmit, reset, setValue, setFocus } = form;

  // Each opening starts from an empty message for the decision asked for.
  useEffect(() => {
    if (status) reset({ status, message: '' });
  }, [status, reset]);

  const current = status ?? 'resolved';
  return (
    <Dialog
      open={status !== null}
      title={t(texts[current].titleId)}
      onCancel={onCancel}
      isBusy={isBusy}
      className="w-[min(36rem,calc(100%-2rem))]"
    >
      <form noValidate onSubmit={onSubmit((values) => onDecide(values))} className="space-y-4">
        <p className="wrap-anywhere text-sm text-muted">
          {t('admin.decision.lead', { title: reportTitle })}
        </p>
        <ErrorSummary {...form.errorSummary({ message: t('admin.decision.message') })} />
        <div className="space-y-2">
          <p className="text-sm font-medium text-ink">{t('admin.decision.suggestions')}</p>
          <div className="flex flex-wrap gap-2">
            {decisionSuggestions[current].map((suggestion) => (
              <Button
                key={suggestion.labelId}
                variant="secondary"
                size="sm"
                onClick={() => {
                  setValue('message', t(suggestion.textId));
                  setFocus('message');
                }}
              >
                {t(suggestion.labelId)}
              </Button>
            ))}
          </div>
        </div>
        <TextAreaField
          label={t('admin.decision.message')}
          hint={t('admin.decision.messageHint')}
          required
          rows={6}
          maxLength={MESSAGE_MAX}
          autoFocus
          {...field('message')}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
            {t('admin.decision.keepOpen')}
          </Button>
          <Button
            type="submit"
            variant={current === 'rejected' ? 'danger' : 'primary'}
            isBusy={isBusy}
            busyLabel={t(texts[current].busyId)}
          >
            {t(texts[current].confirmId)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
