/** Query keys of the reports feature; mutations invalidate exactly these. */
export const reportKeys = {
  all: ['reports'] as const,
  mine: ['reports', 'mine'] as const,
  detail: (id: number) => ['reports', 'detail', id] as const,
  comments: (id: number) => ['reports', 'comments', id] as const,
};
