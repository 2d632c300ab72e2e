import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/loading-state';
import { serverDetail } from '@/lib/error-messages';
import { useT } from '@/lib/i18n';
import { useDecideAccessRequest } from '../api/decide-access-request';
import { useAccessRequests } from '../api/get-access-requests';
import { type AccessDecision, AccessDecisionDialog } from './access-decision-dialog';
import { AccessRequestCard } from './access-request-card';

/** As in the original product: the pending requests with their empty and error texts. */
export function AccessRequestList() {
  const t = useT();
  const requests = useAccessRequests();
  const decision = useDecideAccessRequest();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The decision being confirmed in the dialog, and the failure of its last attempt.
  const [deciding, setDeciding] = useState<{
    request: AccessRequestReviewItem;
    action: 'approve' | 'reject';
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = (id: number, choice: AccessDecision) => {
    setMessage(null);
    setFailure(null);
    decision.mutate(
      { id, ...choice },
      {
        onSuccess: (result) => {
          setDeciding(null);
          setMessage({ tone: 'success', text: result.detail });
        },
        onError: (error) =>
          setFailure(serverDetail(error) ?? t('access-requests.list.actionFailed')),
      },
    );
  };

  return (
    <section aria-labelledby="access-requests-heading">
      <h2 id="access-requests-heading" className="mb-4 text-xl font-semibold text-brand-900">
        {t('access-requests.list.heading')}
      </h2>
      {message && (
        <Alert tone={message.tone} className="mb-4">
          {message.text}
        </Alert>
      )}
      {requests.isPending && <LoadingState label={t('access-requests.list.loading')} />}
      {requests.isError && <Alert tone="error">{t('access-requests.list.loadFailed')}</Alert>}
      {requests.data?.length === 0 && <EmptyState>{t('access-requests.list.empty')}</EmptyState>}
      {requests.data && requests.data.length > 0 && (
        <ul className="space-y-4">
          {requests.data.map((request) => (
            <AccessRequestCard
              key={request.id}
              request={request}
              isBusy={decision.isPending && decision.variables?.id === request.id}
              onDecide={(action) => {
                setFailure(null);
                setDeciding({ request, action });
              }}
            />
          ))}
        </ul>
      )}
      <AccessDecisionDialog
        deciding={deciding}
        isBusy={decision.isPending}
        error={failure}
        onDecide={(choice) => deciding && decide(deciding.request.id, choice)}
        onCancel={() => setDeciding(null)}
      />
    </section>
  );
}
