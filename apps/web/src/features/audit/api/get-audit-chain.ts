import type { AuditChain } from '@candor/contract/audit-log';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const auditChainQueryKey = ['audit', 'chain'] as const;

export function getAuditChain(): Promise<AuditChain> {
  return apiFetch<AuditChain>('/api/audit/chain/');
}

/** The server checks the whole chain for each call: only when the card is shown or asked. */
export function useAuditChain() {
  return useQuery({
    queryKey: auditChainQueryKey,
    queryFn: getAuditChain,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
