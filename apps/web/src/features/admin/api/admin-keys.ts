import type { AdminReportsQuery } from '@candor/contract/admin';

export const adminKeys = {
  all: ['admin'] as const,
  reports: (query: AdminReportsQuery) => ['admin', 'reports', query] as const,
  analytics: ['admin', 'analytics'] as const,
  report: (id: number) => ['admin', 'report', id] as const,
  handlers: ['admin', 'handlers'] as const,
  tags: ['admin', 'tags'] as const,
  related: (id: number) => ['admin', 'related', id] as const,
};
