import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import { REJECTION_REASON_MAX } from '@candor/contract/labels';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useT } from '@/lib/i18n';
import { organizationTypeWords } from '../organization-type-words';
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
  const t = useT();
  const organization = request.organization_name ?? t('access-requests.notAvailable');
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <Given label={t('access-requests.dialog.emailDomain')} value={emailDomain(request.email)} />
      <Given label={t('access-requests.field.phone')} value={request.phone} />
      {request.request_type === 'organization' && (
        <Given
          label={t('access-requests.field.organization')}
          value={
            request.organization_type
              ? t('access-requests.dialog.organizationWithType', {
                  organization,
                  type: t(organizationTypeWords[request.organization_type]),
                })
              : organization
          }
        />
      )}
      <Given
        label={t('access-requests.dialog.justification')}
        value={request.justification}
        className="sm:col-span-2"
      />
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
  const t = useT();
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
  const name = request?.username ?? t('access-requests.applicant');
  const footer = (confirm: string, busy: string, tone: 'primary' | 'danger', submit: boolean) => (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
          {t('access-requests.dialog.notNow')}
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
      title={
        action === 'reject'
          ? t('access-requests.dialog.rejectTitle', { name })
          : t('access-requests.dialog.approveTitle', { name })
      }
      onCancel={onCancel}
      isBusy={isBusy}
      className="w-[min(40rem,calc(100%-2rem))]"
    >
      {request && action === 'approve' && (
        <div className="space-y-4">
          <p className="text-sm text-ink">{approvalGrant(request)}</p>
          <p className="text-sm text-muted">{t('access-requests.dialog.whatTheyGave')}</p>
          <WhatTheyGave request={request} />
          {footer(
            request.request_type === 'organization'
              ? t('access-requests.dialog.createAndApprove')
              : t('access-requests.approve'),
            t('access-requests.dialog.approving'),
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
            {t('access-requests.dialog.rejectExplanation', { name })}
          </p>
          <WhatTheyGave request={request} />
          <ErrorSummary {...form.errorSummary({ reason: t('access-requests.dialog.reason') })} />
          <TextAreaField
            label={t('access-requests.dialog.reason')}
            hint={t('access-requests.dialog.reasonHint')}
            required
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            autoFocus
            {...field('reason')}
          />
          {footer(
            t('access-requests.dialog.rejectAndSend'),
            t('access-requests.dialog.rejecting'),
            'danger',
            true,
          )}
        </form>
      )}
    </Dialog>
  );
}
