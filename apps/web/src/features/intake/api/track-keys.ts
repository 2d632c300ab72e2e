/** Query keys of /track: everything under `track` is forgotten when the session ends. */
export const trackKeys = {
  all: ['track'] as const,
  report: (token: string) => ['track', token, 'report'] as const,
  messages: (token: string) => ['track', token, 'messages'] as const,
};
