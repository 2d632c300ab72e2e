import type { ReactNode } from 'react';

/** Where a list would be, when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-muted">
      {children}
    </p>
  );
}
