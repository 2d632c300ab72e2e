import { expect, type Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and the platforms' guidance for a thumb: 44 by 44 CSS pixels. */
export const MIN_TARGET_PX = 44;

export type SmallTarget = { control: string; width: number; height: number };

/**
 * Every control a finger can tap on the page as it is now, measured as the finger meets it: a
 * checkbox or radio by its label (the label toggles it), a stretched link by the card it covers,
 * everything else by its own box. Hidden
 * controls, visually hidden ones (the skip link until focused) and inert regions are left out.
 */
export async function findSmallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="link"]',
    ].join(',');
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
        '';
      const type = element.getAttribute('type');
      return `${element.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${name}"`;
    };
    const small: { control: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.closest('[inert]')) continue;
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      // Visually hidden until focused (the skip link): no finger can meet it.
      const style = getComputedStyle(element);
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      let target: Element = element;
      const input = element as HTMLInputElement;
      if (element.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio')) {
        const label =
          element.closest('label') ??
          (input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null);
        if (label) target = label;
      }
      // A stretched link (an absolute ::after over its card) is as large as the card.
      const after = getComputedStyle(element, '::after');
      const parent = (element as HTMLElement).offsetParent;
      if (after.content !== 'none' && after.position === 'absolute' && parent) target = parent;
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        small.push({
          control: describe(element),
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

export async function expectThumbSizedTargets(page: Page) {
  const small = await findSmallTargets(page);
  const summary = small.map((target) => `${target.control}: ${target.width}x${target.height}`);
  expect(summary, `controls under ${MIN_TARGET_PX} px:\n${summary.join('\n')}`).toEqual([]);
}

/** The page is no wider than the screen: nothing (a long word, a table) forces sideways scroll. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page, 'the page is wider than the screen').toBeLessThanOrEqual(widths.screen);
}
