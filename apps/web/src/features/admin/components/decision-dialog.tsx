import { type FinalDecisionInput, finalDecisionInputSchema } from '@candor/contract/admin';
import { MESSAGE_MAX } from '@candor/contract/reports';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useContractForm } from '@/lib/forms/use-contract-form';

export type FinalStatus = FinalDecisionInput['status'];

/** Starting points an admin can take and change; the message sent is always theirs to read. */
export const decisionSuggestions: Record<FinalStatus, { label: string; text: string }[]> = {
  resolved: [
    {
      label: 'Action taken',
      text: 'Thank you for your report. We looked into what you described and took action. We are closing this report as resolved. If anything like it happens again, please tell us.',
    },
    {
      label: 'Passed on',
      text: 'Thank you for your report. We passed what you described to the people responsible, who are dealing with it. We are closing this report as resolved.',
    },
  ],
  rejected: [
    {
      label: 'Not enough detail',
      text: 'Thank you for your report. We could not act on it because it does not give us enough detail to look into. You are welcome to send a new report with more detail, such as when and where it happened.',
    },
    {
      label: 'Outside what we handle',
      text: 'Thank you for your report. What it describes is outside what we can act on, so we are closing it. The appropriate authority or a support organisation may be able to help.',
    },
  ],
};

const texts: Record<FinalStatus, { title: string; confirm: string; busy: string }> = {
  resolved: { title: 'Resolve this report', confirm: 'Resolve and send', busy: 'Resolving...' },
  rejected: { title: 'Reject this report', confirm: 'Reject and send', busy: 'Rejecting...' },
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
      title={texts[current].title}
      onCancel={onCancel}
      isBusy={isBusy}
      className="w-[min(36rem,calc(100%-2rem))]"
    >
      <form noValidate onSubmit={onSubmit((values) => onDecide(values))} className="space-y-4">
        <p className="wrap-anywhere text-sm text-muted">
          “{reportTitle}”. This decision is final. Tell the reporter what was decided and why: they
          read your message on their report, as a reply from you.
        </p>
        <ErrorSummary {...form.errorSummary({ message: 'Message to the reporter' })} />
        <div className="space-y-2">
          <p className="text-sm font-medium text-ink">Start from a suggestion</p>
          <div className="flex flex-wrap gap-2">
            {decisionSuggestions[current].map((suggestion) => (
              <Button
                key={suggestion.label}
                variant="secondary"
                size="sm"
                onClick={() => {
                  setValue('message', suggestion.text);
                  setFocus('message');
                }}
              >
                {suggestion.label}
              </Button>
            ))}
          </div>
        </div>
        <TextAreaField
          label="Message to the reporter"
          hint="Required. You can change a suggestion before sending."
          required
          rows={6}
          maxLength={MESSAGE_MAX}
          autoFocus
          {...field('message')}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
            Keep it open
          </Button>
          <Button
            type="submit"
            variant={current === 'rejected' ? 'danger' : 'primary'}
            isBusy={isBusy}
            busyLabel={texts[current].busy}
          >
            {texts[current].confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
