import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import { organizationTypeLabels, REJECTION_REASON_MAX } from '@candor/contract/labels';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { approvalGrant } from './access-request-card';

/** The contract's decision schema, fetched when a decision is first made. */
const loadDecisionSchema = () =>
  import('@candor/contract/access-requests').then(
    (contract) => contract.accessReviewDecisionInputSchema,
  );

export type AccessDecision = { action: 'approve' } | { action: 'reject'; reason: string };

type AccessDecisionDialogProps = {
  /** The request being decided and how, or null when the dialog is closed. */
  deciding: { request: AccessRequestReviewItem; action: 'approve' | 'reject' } | null;
  isBusy: boolean;
  /** The failure of the last attempt, shown in the dialog. */
  error: string | null;
  onDecide(decision: AccessDecision): void;
  onCancel(): void;
};

/** The part of an address after the @: what it says of the applicant's organisation. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? email : email.slice(at + 1);
}

function Given({
  label,
  value,
  className = '',
}: {
  label: string;
  value: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="wrap-anywhere whitespace-pre-line text-sm text-ink">{value}</dd>
    </div>
  );
}

/** What the applicant gave: read again before deciding. */
function WhatTheyGave({ request }: { request: AccessRequestReviewItem }) {
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <Given label="Email domain" value={emailDomain(request.email)} />
      <Given label="Phone" value={request.phone} />
      {request.request_type === 'organization' && (
        <Given
          label="Organization"
          value={`${request.organization_name ?? 'N/A'}${
            request.organization_type
              ? ` (${organizationTypeLabels[request.organization_type]})`
              : ''
          }`}
        />
      )}
      <Given label="Justification" value={request.justification} className="sm:col-span-2" />
    </dl>
  );
}

/**
 * Approving and rejecting are deliberate: Approve restates what it does (it may create an
 * organisation and make this person its administrator) beside what the applicant gave; Reject
 * asks for the reason, which is sent to the applicant with the decision.
 */
export function AccessDecisionDialog({
  deciding,
  isBusy,
  error,
  onDecide,
  onCancel,
}: AccessDecisionDialogProps) {
  const form = useContractForm(loadDecisionSchema, {
    defaultValues: { action: 'reject', reason: '' },
  });
  const { field, onSubmit, reset } = form;
  const action = deciding?.action ?? null;
  // Each rejection starts from an empty reason.
  useEffect(() => {
    if (action === 'reject') reset({ action: 'reject', reason: '' });
  }, [action, reset]);

  const request = deciding?.request;
  const name = request?.username ?? 'The applicant';
  const footer = (confirm: string, busy: string, tone: 'primary' | 'danger', submit: boolean) => (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
          Not now
        </Button>
        <Button
          type={submit ? 'submit' : 'button'}
          variant={tone}
          isBusy={isBusy}
          busyLabel={busy}
          onClick={submit ? undefined : () => onDecide({ action: 'approve' })}
        >
          {confirm}
        </Button>
      </div>
    </>
  );
  return (
    <Dialog
      open={deciding !== null}
      title={action === 'reject' ? `Reject the request of ${name}` : `Approve ${name}?`}
      onCancel={onCancel}
      isBusy={isBusy}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      {request && action === 'approve' && (
        <div className="space-y-4">
          <p className="text-sm text-ink">{approvalGrant(request)}</p>
          <p className="text-sm text-muted">What they gave:</p>
          <WhatTheyGave request={request} />
          {footer(
            request.request_type === 'organization'
              ? 'Create the organization and approve'
              : 'Approve',
            'Approving...',
            'primary',
            false,
          )}
        </div>
      )}
      {request && action === 'reject' && (
        <form
          noValidate
          onSubmit={onSubmit((values) =>
            onDecide({ action: 'reject', reason: (values.reason ?? '').trim() }),
          )}
          className="space-y-4"
        >
          <p className="text-sm text-ink">
            {name} will be told the request was rejected, with your reason. Nothing else changes for
            them.
          </p>
          <WhatTheyGave request={request} />
          <ErrorSummary {...form.errorSummary({ reason: 'Reason for the applicant' })} />
          <TextAreaField
            label="Reason for the applicant"
            hint="Required. Sent to the applicant as you write it."
            required
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            autoFocus
            {...field('reason')}
          />
          {footer('Reject and send the reason', 'Rejecting...', 'danger', true)}
        </form>
      )}
    </Dialog>
  );
}
