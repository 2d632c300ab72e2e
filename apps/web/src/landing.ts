import { STORAGE_KEYS } from '@/lib/auth/token-storage';
import { NAV_SCROLL_THRESHOLD_PX } from '@/lib/scroll';

/**
 * The landing page's only script. The page is drawn at build time (scripts/prerender.mjs puts this
 * in place of the app's entry) and is content and links: native links, anchors, FAQ `<details>`
 * and a popover menu work from its HTML, so a visitor never downloads the app here. The app is
 * loaded, and takes the page over, only when it would draw something else: the links of a
 * signed-in visitor. The build names the app's entry in this script's `data-app-entry`.
 */
const appEntry =
  document.querySelector<HTMLScriptElement>('script[data-app-entry]')?.dataset.appEntry;
if (appEntry && localStorage.getItem(STORAGE_KEYS.access)) {
  // The app's entry (index.html's script) by the address the build gave it.
  void import(/* @vite-ignore */ appEntry);
} else {
  // What the app's top bar does without it (app/layout/top-nav.tsx): its look after scrolling...
  const header = document.querySelector('header');
  const markScrolled = () =>
    header?.setAttribute('data-scrolled', String(window.scrollY > NAV_SCROLL_THRESHOLD_PX));
  markScrolled();
  window.addEventListener('scroll', markScrolled, { passive: true });
  // ...and the phone menu closing once one of its links is followed (an anchor on this page).
  const menu = document.getElementById('mobile-menu');
  menu?.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) menu.hidePopover();
  });
}
