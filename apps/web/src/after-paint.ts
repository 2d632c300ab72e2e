/**
 * The script of a page drawn at build time (scripts/prerender.mjs puts it in place of the app's
 * entry). The page is already on screen from its HTML: the app, and the page's own chunks, are
 * fetched once the browser has painted it, so nothing but the CSS stands before the first paint.
 * The app then takes the page over (src/main.tsx hydrates it). The build names the files in this
 * script's `data-app-entry` and `data-page-chunks`.
 */
import { markStoredSession } from '@/lib/auth/session-hint';

markStoredSession();

const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const appEntry = script?.dataset.appEntry;
const pageChunks = script?.dataset.pageChunks?.split(' ').filter(Boolean) ?? [];

function loadApp() {
  if (!appEntry) return;
  // The page's chunks travel beside the app's entry rather than after it.
  for (const href of pageChunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ appEntry);
}

// The frame after the next one: the page has been painted by then.
requestAnimationFrame(() => setTimeout(loadApp, 0));
