/**
 * The script of a page drawn at build time (scripts/prerender.mjs puts it in place of the app's
 * entry). The page is already on screen from its HTML: the app, and the page's own chunks, are
 * fetched once the browser has painted it, so nothing but the CSS stands before the first paint.
 * The app then takes the page over (src/main.tsx hydrates it). A stored session was marked before
 * the first paint by the page's inline script (lib/auth/session-hint.ts). The build names the files in this
 * script's `data-app-entry`, `data-page-chunks` and `data-early-chunks`.
 *
 * A phone must stay free to answer a tap meanwhile, so the work is cut into short tasks: the
 * chunks are asked for a few at a time, and the chunks that can run before the app (zod and the
 * contract's schemas above all) run one by one while the app's entry is still arriving, instead of
 * all at once with the app.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
const appEntry = script?.dataset.appEntry;
const listed = (value: string | undefined) => value?.split(' ').filter(Boolean) ?? [];
const pageChunks = listed(script?.dataset.pageChunks);
const earlyChunks = listed(script?.dataset.earlyChunks);

/** How many `modulepreload` links one task adds: each costs a phone a few milliseconds. */
const PRELOADS_PER_TASK = 3;

/** Resolves in a task of its own, so the browser can handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function preload(href: string) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

async function loadApp(entry: string) {
  // The app's entry and the page's chunks travel together rather than one after the other.
  const files = [entry, ...pageChunks];
  for (let start = 0; start < files.length; start += PRELOADS_PER_TASK) {
    for (const href of files.slice(start, start + PRELOADS_PER_TASK)) preload(href);
    await nextTask();
  }
  for (const href of earlyChunks) {
    // One that fails to arrive is asked for again by the app, which shows the failure if it must.
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await nextTask();
  }
  await import(/* @vite-ignore */ entry);
}

// The frame after the next one: the page has been painted by then.
if (appEntry) requestAnimationFrame(() => setTimeout(() => void loadApp(appEntry), 0));
