import type { ReactNode } from 'react';
import { PageHeading } from './page-heading';

type PageProps = {
  title: string;
  /** The browser tab's title when it differs from the heading. */
  documentTitle?: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Narrow pages (forms) or wide ones (dashboards). */
  width?: 'narrow' | 'normal' | 'wide';
  actions?: ReactNode;
};

const widths = { narrow: 'max-w-md', normal: 'max-w-3xl', wide: 'max-w-7xl' };

/** The frame of every page: one h1 (which names the tab), an optional lead and actions. */
export function Page({
  title,
  documentTitle,
  lead,
  children,
  width = 'normal',
  actions,
}: PageProps) {
  return (
    <div className={`mx-auto w-full ${widths[width]} px-4 py-10 sm:px-6`}>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading
            documentTitle={documentTitle}
            className="text-3xl font-bold tracking-tight text-brand-900"
          >
            {title}
          </PageHeading>
          {lead && <p className="mt-2 text-muted">{lead}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
