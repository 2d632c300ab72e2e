import type { ReactNode } from 'react';
import { Card } from './card';
import { LinkButton } from './link-button';

type SummaryCardProps = {
  headingId: string;
  title: string;
  /** Where things stand, in a sentence. */
  status: string;
  /** Where they are changed, and what the link says (after its icon). */
  to: string;
  icon: ReactNode;
  action: string;
};

/** A card on the profile: a heading, where things stand, and a link to where they are changed. */
export function SummaryCard({ headingId, title, status, to, icon, action }: SummaryCardProps) {
  return (
    <Card aria-labelledby={headingId} role="region" className="mt-6">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <p className="mt-2 text-ink">{status}</p>
      <LinkButton to={to} variant="secondary" className="mt-4">
        {icon}
        {action}
      </LinkButton>
    </Card>
  );
}
