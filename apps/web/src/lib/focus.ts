// Where keyboard focus stands, for the page changes that move it (app/layout/root-layout.tsx,
// components/ui/page-heading.tsx).

/** The page's main region, where focus starts on each page (the skip link's target too). */
export const MAIN_ID = 'main';

/** Focus is in a field that takes typing (a text box, a list, an editable region). */
export function isTypingInField() {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    (active.isContentEditable || active.matches('input, textarea, select'))
  );
}

/** Focus left on nothing in particular: the page, its main region, or an element now removed. */
export function isFocusAdrift() {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    active.id === MAIN_ID ||
    !document.documentElement.contains(active)
  );
}
