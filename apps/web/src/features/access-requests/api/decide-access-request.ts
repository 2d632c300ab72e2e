import type {
  AccessRequestReviewItem,
  AccessReviewDecision,
  AccessReviewDecisionInput,
} from '@candor/contract/access-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { accessRequestsQueryKey } from './get-access-requests';

export type DecideVariables = { id: number; action: AccessReviewDecisionInput['action'] };

export function decideAccessRequest({ id, action }: DecideVariables) {
  return apiFetch<AccessReviewDecision>(`/api/accounts/admin-access-review/${id}/`, {
    method: 'POST',
    body: { action } satisfies AccessReviewDecisionInput,
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
