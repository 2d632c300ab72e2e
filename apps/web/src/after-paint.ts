/**
 * The script of a page drawn at build time (scripts/prerender.mjs puts it in place of the app's
 * entry). The page is already on screen from its HTML: the app, and the page's own chunks, are
 * fetched once the browser has shown it, so nothing but the CSS stands before the first paint.
 * The app then takes the page over (src/main.tsx hydrates it). A stored session was marked before
 * the first paint by the page's inline script (lib/auth/session-hint.ts). The build names the
 * files in this script's `data-app-entry`, `data-page-chunks` and `data-early-chunks`.
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

/** How long after its first frame a page that reports no paint waits before loading the app. */
const UNREPORTED_PAINT_MS = 400;

/**
 * Calls `start` once the page is on screen. The browser reports the first contentful paint when
 * the frame is shown, some frames after the one that drew it: files asked for before then would
 * share a slow network with the CSS and the page's first paint. A browser that reports no paints
 * starts after the frame after the next one; one that reports them but has not (a page that was
 * hidden as it loaded) starts a little later anyway.
 */
function whenOnScreen(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    setTimeout(start, 0);
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  observer?.observe({ type: 'paint', buffered: true });
  requestAnimationFrame(() => setTimeout(once, observer ? UNREPORTED_PAINT_MS : 0));
}

if (appEntry) whenOnScreen(() => void loadApp(appEntry));
