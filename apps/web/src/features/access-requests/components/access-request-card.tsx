import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import { organizationTypeLabels } from '@candor/contract/enums';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

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
  const who = request.username ?? 'The applicant';
  if (request.request_type === 'organization') {
    const organization = request.organization_name ?? 'the organization';
    return `Approving creates ${organization} on Candor and makes ${who} its administrator. They will see the reports its members send to it (not those a member sends to Candor’s administrators instead), reply to their reporters and decide their status, and can give members a join code.`;
  }
  return `Approving makes ${who} one of Candor’s administrators. They will see every report not sent to an organization, reply to their reporters and decide their status.`;
}

/**
 * As in the original product: username, justification, submitted time, Approve and Reject. The applicant's
 * organisation is shown too: an individual request from a member cannot be approved (the server
 * refuses it) until they leave, or it would make them that organisation's administrator.
 */
export function AccessRequestCard({ request, isBusy, onDecide }: AccessRequestCardProps) {
  const name = request.username ?? 'No account yet';
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
            Submitted{' '}
            <time dateTime={request.submitted_at}>
              {formatDateTime(request.submitted_at, { fallback: 'N/A' })}
            </time>
          </p>
        </div>
        <p className="mt-3 whitespace-pre-line text-ink">{request.justification}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Detail
            label="Type"
            value={request.request_type === 'organization' ? 'Organization' : 'Individual'}
          />
          <Detail label="Email" value={request.email} />
          <Detail label="Phone" value={request.phone} />
          {request.applicant_organization !== null && (
            <Detail label="Applicant's organization" value={request.applicant_organization} />
          )}
          {request.request_type === 'organization' && (
            <>
              <Detail label="Organization" value={request.organization_name ?? 'N/A'} />
              <Detail
                label="Organization type"
                value={
                  request.organization_type
                    ? organizationTypeLabels[request.organization_type]
                    : 'N/A'
                }
              />
            </>
          )}
        </dl>
        {isMemberApplyingAlone && (
          <p
            id={noteId}
            className="mt-4 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-900"
          >
            {name} is a member of {request.applicant_organization}. An individual approval would
            make them its administrator, so it cannot be given while they belong to it. They can
            leave the organization and be approved then, or the organization can apply.
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
            aria-label={`Approve ${name}`}
            aria-describedby={isMemberApplyingAlone ? noteId : grantId}
          >
            Approve
          </Button>
          <Button
            variant="danger"
            disabled={isBusy}
            onClick={() => onDecide('reject')}
            aria-label={`Reject ${name}`}
          >
            Reject
          </Button>
        </div>
      </article>
    </li>
  );
}
