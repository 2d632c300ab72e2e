import type { AccessRequestReviewItem } from '@candor/contract/access-requests';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const accessRequestsQueryKey = ['access-requests', 'pending'] as const;

export function getAccessRequests(): Promise<AccessRequestReviewItem[]> {
  return apiFetch<AccessRequestReviewItem[]>('/api/accounts/admin-access-review/');
}

export function useAccessRequests() {
  return useQuery({ queryKey: accessRequestsQueryKey, queryFn: getAccessRequests });
}
