import type { Analytics } from '@candor/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function getAnalytics(): Promise<Analytics> {
  return apiFetch<Analytics>('/api/admin/analytics/');
}

export function useAnalytics() {
  return useQuery({ queryKey: adminKeys.analytics, queryFn: getAnalytics });
}
