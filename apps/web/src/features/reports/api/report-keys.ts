import { liveQueryKeys } from '@/lib/live/live-query-keys';
/** Query keys of the reports feature; mutations invalidate exactly these. */
export const reportKeys = {
  all: liveQueryKeys.reports,
  mine: ['reports', 'mine'] as const,
  detail: (id: number) => ['reports', 'detail', id] as const,
  comments: (id: number) => ['reports', 'comments', id] as const,
};
