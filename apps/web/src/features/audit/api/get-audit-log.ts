import type { AuditPage } from '@candor/contract/audit-log';
import { AUDIT_PAGE_SIZE } from '@candor/contract/page-sizes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const auditLogQueryKey = (offset: number) => ['audit', 'log', offset] as const;

export function getAuditLog(offset: number): Promise<AuditPage> {
  return apiFetch<AuditPage>(`/api/audit/?limit=${AUDIT_PAGE_SIZE}&offset=${offset}`);
}

export function useAuditLog(offset: number) {
  return useQuery({
    queryKey: auditLogQueryKey(offset),
    queryFn: () => getAuditLog(offset),
    placeholderData: keepPreviousData,
  });
}
