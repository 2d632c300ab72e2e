import type { AdminReportsQuery } from '@candor/contract/admin';
import { liveQueryKeys } from '@/lib/live/live-query-keys';

export const adminKeys = {
  all: liveQueryKeys.admin,
  reports: (query: AdminReportsQuery) => ['admin', 'reports', query] as const,
  analytics: ['admin', 'analytics'] as const,
  report: (id: number) => ['admin', 'report', id] as const,
  handlers: ['admin', 'handlers'] as const,
  tags: ['admin', 'tags'] as const,
  related: (id: number) => ['admin', 'related', id] as const,
};
