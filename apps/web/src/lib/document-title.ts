import { useEffect } from 'react';

export const SITE_NAME = 'Candor';

/** The browser tab's title for a page: "Page · Candor" (each page has its own). */
export function documentTitleOf(page: string) {
  return `${page} · ${SITE_NAME}`;
}

/** The title the page drawn last asked for, read by the build's pre-rendering (entry-server). */
export const renderedTitle: { current: string | null } = { current: null };

/**
 * Names the page in the browser's tab and history. Titles name the kind of page, never a report's
 * title or reference: history outlives the visit on a shared device.
 */
export function useDocumentTitle(page: string | null) {
  if (import.meta.env.SSR && page) renderedTitle.current = documentTitleOf(page);
  useEffect(() => {
    if (page) document.title = documentTitleOf(page);
  }, [page]);
}
