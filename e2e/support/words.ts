import type { Page } from '@playwright/test';

/**
 * The visible texts of a page that hold a run of plain ASCII letters, outside `allowed`. In the
 * pseudo-locale every letter a catalogue gives is accented, so such a run is a text that does not
 * come from a catalogue (or data the test itself wrote, which it allows).
 */
export async function plainTexts(page: Page, allowed: readonly (string | RegExp)[]) {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Screen-reader-only text is read aloud: it counts too (sr-only keeps it "visible").
      found.push(text);
    }
    // Names a person hears: labels and titles of controls.
    for (const element of Array.from(
      document.querySelectorAll('[aria-label], [title], [placeholder]'),
    )) {
      if (!(element as HTMLElement).checkVisibility?.()) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return texts.filter((text) => {
    let rest = text;
    for (const allow of allowed) rest = rest.replaceAll(allow, ' ');
    return /[A-Za-z]{2,}/.test(rest);
  });
}

/** Whether anything on the page reaches past the screen's right or left edge. */
export async function overflowsScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth > width + 1;
    const outside = Array.from(document.querySelectorAll('body *'))
      .filter((element) => (element as HTMLElement).checkVisibility?.())
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > width + 1 || box.left < -1))
      .map(({ element }) => {
        const tag = element.tagName.toLowerCase();
        return `${tag}${element.id ? `#${element.id}` : ''}: ${(element.textContent ?? '').trim().slice(0, 60)}`;
      });
    return { wide, outside: outside.slice(0, 10) };
  });
}
