import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const webSrc = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'src');

function catalogueFiles(dir: string, language: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) catalogueFiles(full, language, found);
    else if (full.endsWith(path.join('messages', `${language}.json`))) found.push(full);
  }
  return found;
}

/** Every message of the web app in one language, by id (apps/web/src/**\/messages). */
export function catalogue(language: string): Map<string, string> {
  const messages = new Map<string, string>();
  for (const file of catalogueFiles(webSrc, language)) {
    for (const [id, text] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
      messages.set(id, text as string);
    }
  }
  return messages;
}

/**
 * The English messages (with no arguments, so their text is whole) that a page in `language`
 * shows as they are, where that language's catalogue says something else: English left behind.
 */
export async function englishLeft(page: Page, language: string): Promise<string[]> {
  const english = catalogue('en');
  const translated = catalogue(language);
  const leftovers = new Map<string, string>();
  for (const [id, text] of english) {
    if (/[{<]/.test(text) || translated.get(id) === text || !/[A-Za-z]{2}/.test(text)) continue;
    leftovers.set(text.trim(), id);
  }
  const shown = await page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement?.checkVisibility()) texts.push(text);
    }
    for (const element of Array.from(
      document.querySelectorAll('[aria-label], [title], [placeholder]'),
    )) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
  return shown
    .filter((text) => leftovers.has(text))
    .map((text) => `${leftovers.get(text)}: ${text}`);
}
