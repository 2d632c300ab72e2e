import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { T, t, useT } from '@/lib/i18n';
import { organizationTypeWords, requestTypeWords } from '../organization-type-words';

type AccessRequestCardProps = {
  request: AccessRequestReviewItem;
  isBusy: boolean;
  onDecide(action: 'approve' | 'reject'): void;
};

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="text-sm text-ink">{value}</dd>
    </div>
  );
}

/** What approving gives the applicant: the reports they will see (docs/api.md "Where a report goes"). */
export function approvalGrant(request: AccessRequestReviewItem): string {
  const who = request.username ?? t('access-requests.applicant');
  if (request.request_type === 'organization') {
    const organization = request.organization_name ?? t('access-requests.theOrganization');
    return t('access-requests.grant.organization', { organization, who });
  }
  return t('access-requests.grant.individual', { who });
}

/**
 * As in the original product: username, justification, submitted time, Approve and Reject. The applicant's
 * organisation is shown too: an individual request from a member cannot be approved (the server
 * refuses it) until they leave, or it would make them that organisation's administrator.
 */
export function AccessRequestCard({ request, isBusy, onDecide }: AccessRequestCardProps) {
  const t = useT();
  const name = request.username ?? t('access-requests.card.noAccount');
  const notAvailable = t('access-requests.notAvailable');
  const isMemberApplyingAlone =
    request.request_type === 'individual' && request.applicant_organization !== null;
  const noteId = `access-request-${request.id}-member-note`;
  const grantId = `access-request-${request.id}-grant`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <article aria-labelledby={`access-request-${request.id}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={`access-request-${request.id}`} className="text-lg font-semibold text-brand-900">
            {name}
          </h3>
          <p className="text-sm text-muted">
            <T
              id="access-requests.card.submitted"
              values={{ date: formatDateTime(request.submitted_at, { fallback: notAvailable }) }}
              components={[<time key="date" dateTime={request.submitted_at} />]}
            />
          </p>
        </div>
        <p className="mt-3 whitespace-pre-line text-ink">{request.justification}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Detail
            label={t('access-requests.card.type')}
            value={t(requestTypeWords[request.request_type])}
          />
          <Detail label={t('access-requests.field.email')} value={request.email} />
          <Detail label={t('access-requests.field.phone')} value={request.phone} />
          {request.applicant_organization !== null && (
            <Detail
              label={t('access-requests.card.applicantOrganization')}
              value={request.applicant_organization}
            />
          )}
          {request.request_type === 'organization' && (
            <>
              <Detail
                label={t('access-requests.field.organization')}
                value={request.organization_name ?? notAvailable}
              />
              <Detail
                label={t('access-requests.field.organizationType')}
                value={
                  request.organization_type
                    ? t(organizationTypeWords[request.organization_type])
                    : notAvailable
                }
              />
            </>
          )}
        </dl>
        {isMemberApplyingAlone && (
          <p
            id={noteId}
            className="mt-4 rounded-lg border-s-4 border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {t('access-requests.card.memberNote', {
              name,
              organization: request.applicant_organization,
            })}
          </p>
        )}
        {!isMemberApplyingAlone && (
          <p id={grantId} className="mt-4 text-sm text-ink">
            {approvalGrant(request)}
          </p>
        )}
        <div className="mt-4 flex gap-3">
          <Button
            disabled={isBusy || isMemberApplyingAlone}
            onClick={() => onDecide('approve')}
            aria-label={t('access-requests.card.approveName', { name })}
            aria-describedby={isMemberApplyingAlone ? noteId : grantId}
          >
            {t('access-requests.approve')}
          </Button>
          <Button
            variant="danger"
            disabled={isBusy}
            onClick={() => onDecide('reject')}
            aria-label={t('access-requests.card.rejectName', { name })}
          >
            {t('access-requests.card.reject')}
          </Button>
        </div>
      </article>
    </li>
  );
}
