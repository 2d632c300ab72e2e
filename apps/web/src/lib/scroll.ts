/** As in the original product: anchors scroll with a 64 px offset for the fixed top bar. */
export const ANCHOR_OFFSET_PX = 64;
/** As in the original product: the top bar changes style after 10 px of scrolling. */
export const NAV_SCROLL_THRESHOLD_PX = 10;

export function sectionTop(element: HTMLElement): number {
  return element.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET_PX;
}

/** Scrolls to a landing page section and moves keyboard focus there; false if it is absent. */
export function scrollToSection(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: sectionTop(element), behavior: reducedMotion ? 'auto' : behavior });
  element.focus({ preventScroll: true });
  return true;
}
