import type { TrackSession } from '@candor/contract/intake';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { serverDetail } from '@/lib/error-messages';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { isCancelled, StillTrying, stoppedWaiting, useCancellable } from '@/lib/still-trying';
import { trackClient } from '../api/track-client';

/** The form's schema arrives with its first check, not with the page (build/page-budget.test.ts). */
const loadReceiptSchema = () =>
  import('@candor/contract/intake').then((contract) => contract.trackSessionInputSchema);

/** The receipt goes in the POST body (never the address bar); the answer opens the session. */
export function ReceiptForm({
  onOpened,
  notice,
}: {
  onOpened(session: TrackSession): void;
  notice?: string | null;
}) {
  const t = useT();
  const form = useContractForm(loadReceiptSchema, { defaultValues: { receipt: '' } });
  const { field, message, setMessage, onSubmit, showServerErrors, reset } = form;
  const open = useMutation({
    mutationFn: ({ signal, ...input }: { receipt: string; signal: AbortSignal }) =>
      trackClient.openSession(input, signal),
  });
  const request = useCancellable();
  const send = (input: { receipt: string }) =>
    open.mutate(
      { ...input, signal: request.start() },
      {
        onSuccess: (session) => {
          reset({ receipt: '' });
          onOpened(session);
        },
        onError: (error) => {
          if (isCancelled(error)) {
            setMessage({ tone: 'error', text: stoppedWaiting() });
            return;
          }
          showServerErrors(error);
          if (error instanceof ApiError && error.status === 429) {
            setMessage({
              tone: 'error',
              text: t('intake.receiptForm.tooMany'),
            });
          } else if (!(error instanceof ApiError && error.status === 400)) {
            setMessage({
              tone: 'error',
              text: serverDetail(error) ?? t('intake.receiptForm.unreachable'),
            });
          }
        },
      },
    );
  return (
    <Card>
      <form noValidate onSubmit={onSubmit(send)} className="space-y-5">
        {notice && (
          <Alert tone="info" focusKey={notice}>
            {notice}
          </Alert>
        )}
        <ErrorSummary {...form.errorSummary({ receipt: t('intake.receiptForm.label') })} />
        <TextField
          label={t('intake.receiptForm.label')}
          // The example stays on one line.
          hint={t('intake.receiptForm.hint', { example: '1234\u00a05678\u00a09012\u00a03456' })}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          required
          {...field('receipt')}
        />
        {message && (
          <Alert tone={message.tone} focusKey={message}>
            {message.text}
          </Alert>
        )}
        <StillTrying isPending={open.isPending} onCancel={request.cancel} />
        <Button
          type="submit"
          size="lg"
          isBusy={open.isPending}
          busyLabel={t('intake.receiptForm.opening')}
        >
          {t('intake.receiptForm.open')}
        </Button>
      </form>
    </Card>
  );
}
