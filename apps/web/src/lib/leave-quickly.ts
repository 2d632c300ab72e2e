/**
 * "Leave quickly" (docs/protection.md, "The reporter's path"): the button, or Escape pressed
 * twice, replaces the page with a neutral one, asking nothing, so Back does not return to it.
 *
 * One listener does it for the whole document, from the first paint: a page drawn at build time
 * carries it in its inline script (`leaveListenerScript`, beside the session's mark in
 * lib/auth/session-hint.ts), any other page gets it from the app (src/main.tsx). It acts only
 * while the page shows a Leave quickly link: the reporter's pages.
 */

/** A page anyone may be seen reading, as domestic-abuse services use. */
export const NEUTRAL_SITE = 'https://www.bbc.com/weather';
/** The attribute that marks the Leave quickly link. */
export const LEAVE_LINK_ATTRIBUTE = 'data-leave-quickly';
/** Two presses of Escape within this long leave the page. */
const TWICE_WITHIN_MS = 1500;

function listenForLeaving(linkAttribute: string, twiceWithinMs: number) {
  // Sent as the text of a page's inline script: it uses nothing but what every browser page has.
  const marks = document.documentElement.dataset;
  if (marks.leaveListening) return;
  marks.leaveListening = 'yes';
  const leave = (link: HTMLAnchorElement) => {
    // Read by the app's guard on leaving (lib/router.tsx): nothing may hold the reporter back.
    marks.leaving = 'quickly';
    window.location.replace(link.href);
  };
  let lastEscape = Number.NEGATIVE_INFINITY;
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const link = document.querySelector<HTMLAnchorElement>(`a[${linkAttribute}]`);
    if (!link) return;
    const now = performance.now();
    if (now - lastEscape <= twiceWithinMs) leave(link);
    lastEscape = now;
  });
  // The link leaves as a link without any script; with this one, it replaces this entry.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>(`a[${linkAttribute}]`);
    if (!link) return;
    event.preventDefault();
    leave(link);
  });
}

/** The text of the inline script that puts the listener in place on a pre-rendered page. */
export const leaveListenerScript = `(${listenForLeaving.toString()})(${JSON.stringify(LEAVE_LINK_ATTRIBUTE)},${TWICE_WITHIN_MS})`;

/** Puts the listener in place, unless the page's inline script already has. */
export function listenForLeavingQuickly() {
  listenForLeaving(LEAVE_LINK_ATTRIBUTE, TWICE_WITHIN_MS);
}

/** Whether the reporter is leaving quickly, so that no question may be asked on the way. */
export function isLeavingQuickly(): boolean {
  return document.documentElement.dataset.leaving === 'quickly';
}
