import type {
  AccessRequestReviewItem,
  AccessReviewDecision,
  AccessReviewDecisionInput,
} from '@candor/contract/access-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { accessRequestsQueryKey } from './get-access-requests';

/** An approval, or a rejection with the reason the applicant is sent. */
export type DecideVariables = { id: number } & (
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
);

export function decideAccessRequest({ id, ...decision }: DecideVariables) {
  return apiFetch<AccessReviewDecision>(`/api/accounts/admin-access-review/${id}/`, {
    method: 'POST',
    body: decision satisfies AccessReviewDecisionInput,
  });
}

/** As in the original product: a decided request leaves the list. */
export function useDecideAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAccessRequest,
    onSuccess: (_decision, { id }) => {
      queryClient.setQueryData<AccessRequestReviewItem[]>(accessRequestsQueryKey, (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
  });
}
