import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The frame of the sign-in and sign-up forms. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card className="p-8">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        <p className="mt-1 text-muted">{lead}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
